// The refund queue with Comgate on real PostgreSQL: refund workers in two processes at once, each
// calling Comgate (its local fake, scripts/comgate-fake.ts) over HTTP. Comgate's refund call has no
// idempotency key, so only the queue's claim keeps a refund from being paid twice: every whole and
// partial refund must reach Comgate exactly once. Run: npm run test:pg -- tests/pg/comgate-refunds.test.ts
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { runSeed } from '@/lib/server/db/seed';
import { addToCart } from '@/lib/server/cart';
import { checkout } from '@/lib/server/orders/checkout';
import { comgateProvider } from '@/lib/server/payments/comgate';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { processDueRefunds, queueRefund } from '@/lib/server/payments/refunds';
import { startComgateFake, type ComgateFake } from '@/scripts/comgate-fake';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;
const MATCH = 'vltava-praha-kometa-brno';
const urls = { success: () => 'http://x/ok', cancel: () => 'http://x/cart', gateway: (id: string) => `/cs/platba/${id}` };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let fake: ComgateFake;

beforeAll(async () => {
  if (!isPostgresRun()) return;
  fake = await startComgateFake({
    merchant: '498621',
    secret: 'pg-comgate-secret-abcdef0123456789',
    deliver: async (body) => {
      const notice = await comgateProvider.parseWebhook(body, new Headers());
      if (notice) await handlePaymentNotice(comgateProvider, notice);
    },
  });
  Object.assign(process.env, { COMGATE_MERCHANT: '498621', COMGATE_SECRET: 'pg-comgate-secret-abcdef0123456789', COMGATE_API_URL: fake.apiUrl });
  await runSeed(t.db);
}, 180_000);
afterAll(async () => {
  for (const key of ['COMGATE_MERCHANT', 'COMGATE_SECRET', 'COMGATE_API_URL']) delete process.env[key];
  await fake?.close();
});

describePg('Comgate refunds under concurrency (PostgreSQL)', () => {
  it('two processes work the queue at once: each whole and partial Comgate refund is paid once, for its amount', async () => {
    const [e] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, MATCH));
    const seats = (
      await t.db
        .select({ seatId: s.inventoryUnits.seatId })
        .from(s.inventoryUnits)
        .where(and(eq(s.inventoryUnits.eventId, e.id), eq(s.inventoryUnits.status, 'available'), isNotNull(s.inventoryUnits.seatId)))
        .limit(20)
    ).map((u) => u.seatId!);
    const fans = await t.db
      .insert(s.users)
      .values(Array.from({ length: 10 }, (_, i) => ({ email: `comgate-pg-${i}@example.cz`, firstName: 'Pg', lastName: `${i}`, locale: 'cs' as const })))
      .returning({ id: s.users.id, email: s.users.email });
    const paid: (typeof s.payments.$inferSelect)[] = [];
    for (const [i, fan] of fans.entries()) {
      const user = { id: fan.id, email: fan.email! };
      expect((await addToCart({ user, eventRef: MATCH, selection: { seatIds: seats.slice(2 * i, 2 * i + 2) }, locale: 'cs' })).ok).toBe(true);
      const result = await checkout({ user, eventRef: MATCH, locale: 'cs', urls });
      if (!result.ok || result.paid) throw new Error(result.ok ? 'paid at checkout' : result.code);
      const [payment] = await t.db.select().from(s.payments).where(eq(s.payments.id, result.paymentId));
      await fake.act(payment.providerRef!, i % 2 ? 'BANK_CZ_KB' : 'CARD_CZ_CSOB_2');
      const [now] = await t.db.select().from(s.payments).where(eq(s.payments.id, payment.id));
      expect(now.status).toBe('succeeded');
      paid.push(now);
    }
    // Half of them go back whole; the other half in two parts (two matches' shares), as the queue is fed elsewhere.
    const expected = new Map<string, number[]>();
    await t.db.transaction(async (tx) => {
      for (const [i, payment] of paid.entries()) {
        if (i % 2 === 0) {
          await queueRefund(tx, { payment, reason: 'EVENT_CANCELLED', now: new Date() });
          expected.set(payment.providerRef!, [payment.amount]);
        } else {
          const first = Math.floor(payment.amount / 3);
          const second = Math.floor(payment.amount / 4);
          await queueRefund(tx, { payment, reason: 'EVENT_CANCELLED', now: new Date(), part: { eventId: e.id, amount: first } });
          await queueRefund(tx, { payment, reason: 'EVENT_CANCELLED', now: new Date(), part: { eventId: `${e.id}-2`, amount: second } });
          expected.set(payment.providerRef!, [first, second]);
        }
      }
    });

    const processes = [0, 1].map(() => openDatabase({ url: t.url!, poolSize: 3 }));
    const pending = async () => rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from refunds where status = 'pending'`))[0].n;
    const worker = async (db: (typeof processes)[number]['db']) => {
      for (;;) {
        const done = await processDueRefunds({ db, limit: 2 });
        if (!done.length) {
          if (!(await pending())) return;
          await sleep(2);
        }
      }
    };
    try {
      await Promise.all(processes.flatMap((p) => [worker(p.db), worker(p.db)]));
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
    for (const [transId, amounts] of expected) {
      expect(fake.transactions.get(transId)!.refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([...amounts].sort((a, b) => a - b));
    }
    const rows = await t.db.select().from(s.refunds).where(eq(s.refunds.provider, 'comgate'));
    expect(rows).toHaveLength(15);
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  }, 120_000);
});
