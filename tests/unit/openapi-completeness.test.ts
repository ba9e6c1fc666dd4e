// GET /api/v1/openapi.json documents every operation the feature modules declare and nothing else, each
// with its path parameters, a schema of what it answers and every failure it may answer.
import type { z } from 'zod';
import { openApiDocument } from '@/lib/server/api/openapi';
import { apiOperations } from '@/lib/server/api/app';
import type { resendVerificationResultSchema, userSchema, verifyEmailResultSchema } from '@/lib/schemas/auth';
import type { cartSchema, checkoutResultSchema } from '@/lib/schemas/cart';
import type { availabilitySchema, eventCardSchema, eventDetailSchema } from '@/lib/schemas/events';
import type { orderSchema, webhookResultSchema } from '@/lib/schemas/orders';
import type {
  giftResultSchema,
  listingResultSchema,
  myTicketsSchema,
  offlineDatasetSchema,
  payoutsSchema,
  redeemResultSchema,
  scannerEventsSchema,
  scanResultSchema,
  syncResultsSchema,
} from '@/lib/schemas/tickets';
import type { bankAccountResultSchema, payoutRunChangeSchema, payoutRunsOverviewSchema } from '@/lib/schemas/payouts';
import type { releaseResultSchema, walletSchema } from '@/lib/schemas/wallet';
import type { seasonReleasesSchema } from '@/lib/schemas/season-releases';

type Operation = {
  parameters?: { name: string; in: string; schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
};

const documented = openApiDocument().paths as Record<string, Record<string, Operation>>;
const operations = apiOperations().map((op) => `${op.method.toUpperCase()} ${op.path}`).sort();
const documentedOperations = Object.entries(documented)
  .flatMap(([p, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${p}`))
  .sort();

describe('OpenAPI completeness', () => {
  it('finds the operations (sanity: the assembly itself works)', () => {
    expect(operations).toEqual(expect.arrayContaining(['POST /api/v1/auth/signup', 'DELETE /api/v1/events/{id}/cart/items/{itemId}', 'POST /api/v1/payments/{provider}/webhook']));
    expect(operations.length).toBeGreaterThan(100);
  });

  it('documents every operation, and nothing that is not one', () => {
    expect(documentedOperations).toEqual(operations);
  });

  it('lists an operation’s own failure codes at their statuses (a sold-out seat is a 409 of the hold)', () => {
    const hold = documented['/api/v1/events/{id}/cart/items'].post;
    expect(hold.responses['409'].description).toContain('SEAT_TAKEN');
    expect(hold.responses['401'].description).toContain('UNAUTHENTICATED');
    expect(hold.responses['415'].description).toContain('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(documentedOperations)('%s names its path parameters and has a schema of its answer', (operation) => {
    const [method, p] = operation.split(' ');
    const op = documented[p][method.toLowerCase()];
    const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
    const parameters = (op.parameters ?? []).filter((x) => x.in === 'path');
    expect(parameters.map((x) => x.name).sort()).toEqual(inPath);
    for (const parameter of parameters) expect(parameter.schema).toBeDefined();
    const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
    expect(success).toHaveLength(1);
    // JSON, or a download (the redeem codes' CSV, a payout run's XML, an event's calendar file) that documents its file type instead
    const content = success[0][1].content ?? {};
    expect(Object.values(content)[0]?.schema).toBeDefined();
    if (op.requestBody) expect(Object.values(op.requestBody.content ?? {})[0]?.schema).toBeDefined();
  });
});

// ── the schemas are what the server returns (compile time: tsc runs over tests/) ─
// Each pair must be the same type both ways: a field the server adds, drops or retypes without its
// schema (or the other way round) fails `npm run typecheck`.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Ok<R> = Extract<Awaited<R>, { ok: true }>;
export const responseTypesMatchSchemas: [
  Same<import('@/lib/server/cart').CartView, z.infer<typeof cartSchema>>,
  Same<import('@/lib/server/users').PublicUser, z.infer<typeof userSchema>>,
  Same<Awaited<ReturnType<typeof import('@/lib/server/events').getAvailability>>, z.infer<typeof availabilitySchema> | null>,
  Same<ReturnType<typeof import('@/lib/server/events/localize').localizeCard>, z.infer<typeof eventCardSchema>>,
  Same<ReturnType<typeof import('@/lib/server/events/localize').localizeDetail>, z.infer<typeof eventDetailSchema>>,
  Same<Awaited<ReturnType<typeof import('@/lib/server/orders/read').getOrder>>, z.infer<typeof orderSchema> | null>,
  Same<Pick<Ok<ReturnType<typeof import('@/lib/server/orders/checkout').checkout>>, 'orderId' | 'paymentUrl' | 'paid'>, z.infer<typeof checkoutResultSchema>>,
  Same<import('@/lib/server/payments/outcome').OutcomeResult['kind'], z.infer<typeof webhookResultSchema>['result']>,
  Same<Awaited<ReturnType<typeof import('@/lib/server/tickets/list').listMyTickets>>, z.infer<typeof myTicketsSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/tickets/redeem').redeemCode>>, z.infer<typeof redeemResultSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/tickets/gift').giftTicket>>, z.infer<typeof giftResultSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/resale/listing').listTicketForResale>>, z.infer<typeof listingResultSchema>>,
  Same<Awaited<ReturnType<typeof import('@/lib/server/resale/payouts').listPayouts>>, z.infer<typeof payoutsSchema>['payouts']>,
  Same<Exclude<Awaited<ReturnType<typeof import('@/lib/server/scan/scan').scanTicket>>, { ok: false }>, z.infer<typeof scanResultSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/scan/access').scannerEvents>>['events'], z.infer<typeof scannerEventsSchema>['events']>,
  Same<Ok<ReturnType<typeof import('@/lib/server/scan/offline').offlineDataset>>['dataset'], z.infer<typeof offlineDatasetSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/scan/offline').syncOfflineCheckIns>>['results'], z.infer<typeof syncResultsSchema>['results']>,
  Same<Ok<ReturnType<typeof import('@/lib/server/auth/email-verification').confirmEmailVerification>>, z.infer<typeof verifyEmailResultSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/auth/email-verification').resendVerification>>, z.infer<typeof resendVerificationResultSchema>>,
  Same<Awaited<ReturnType<typeof import('@/lib/server/payouts/bank-account').getBankAccount>>, z.infer<typeof bankAccountResultSchema>['bankAccount']>,
  Same<Omit<Ok<ReturnType<typeof import('@/lib/server/payouts/runs').payoutRunsOverview>>, 'ok'>, z.infer<typeof payoutRunsOverviewSchema>>,
  Same<Omit<Ok<ReturnType<typeof import('@/lib/server/payouts/runs').confirmRun>>, 'ok'>, z.infer<typeof payoutRunChangeSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/seasons/release').releaseTicket>>['release'], z.infer<typeof releaseResultSchema>['release']>,
  Same<Awaited<ReturnType<typeof import('@/lib/server/wallet').myWallet>>, z.infer<typeof walletSchema>>,
  Same<Ok<ReturnType<typeof import('@/lib/server/seasons/releases-report').seasonReleasesReport>>['report'], z.infer<typeof seasonReleasesSchema>>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
