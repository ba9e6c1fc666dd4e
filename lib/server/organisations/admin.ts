import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { OrganisationAdminView, OrganisationTermsInput, PaymentProvidersView } from '@/lib/schemas/organisations';
import { recordAudit } from '@/lib/server/audit/record';
import { getDb, tables, type Tx } from '@/lib/server/db';
import { isAdmin } from '@/lib/server/organiser/access';
import { activePaymentProvider } from '@/lib/server/payments';
import { comgateConfig } from '@/lib/server/payments/comgate';

// Tribuna's admins and the organisations (issue 33): each organisation's payment provider — the deployment's
// default (Stripe, or the demo's test gateway) or Comgate (payments/index.ts paymentProviderFor) — and its
// commercial terms: the platform fee an admin set at approval (onboarding/applications.ts) and when its
// payouts are made. Every change is audited (who, when, why, before and after) in its own transaction;
// Comgate is chosen only where the deployment configures it (payments/comgate.ts comgateConfig), so no
// organisation is switched to a provider that would refuse its checkout. docs/decisions/organisation-terms.md

type Org = typeof tables.organisations.$inferSelect;

const viewOf = (org: Org): OrganisationAdminView => ({
  id: org.id,
  name: org.name,
  slug: org.slug,
  country: org.country,
  currency: org.currency,
  approved: org.approvedAt !== null,
  paymentProvider: org.paymentProvider === 'comgate' ? 'comgate' : 'default',
  platformFeePerTicket: org.platformFeePerTicket,
  platformFeeBps: org.platformFeeBps,
  payoutSchedule: org.payoutSchedule,
});

/** The terms as the audit log records them before and after a change. */
const termsOf = (view: OrganisationAdminView) => ({
  paymentProvider: view.paymentProvider,
  platformFeePerTicket: view.platformFeePerTicket,
  platformFeeBps: view.platformFeeBps,
  payoutSchedule: view.payoutSchedule,
});

/** What this deployment can take payments with (the same decisions checkout makes). */
export function paymentProviders(): PaymentProvidersView {
  const fallback = activePaymentProvider()?.name;
  return { default: fallback === 'stripe' || fallback === 'test' ? fallback : null, comgate: comgateConfig() !== null };
}

type NotAdmin = { ok: false; code: 'NOT_ADMIN' };

/** The admins' list: every organisation by name, with its provider and terms. */
export async function listOrganisations(actor: { id: string }): Promise<{ ok: true; organisations: OrganisationAdminView[]; providers: PaymentProvidersView } | NotAdmin> {
  if (!(await isAdmin(actor.id))) return { ok: false, code: 'NOT_ADMIN' };
  const rows = await getDb().select().from(tables.organisations).orderBy(asc(tables.organisations.name), asc(tables.organisations.id));
  return { ok: true, organisations: rows.map(viewOf), providers: paymentProviders() };
}

/**
 * An admin sets an organisation's payment provider and commercial terms, with a reason. Switching to Comgate
 * where the deployment has none configured is refused (COMGATE_NOT_CONFIGURED); an organisation that chose it
 * before keeps it (the doctor reports the missing settings). A change is audited in the same transaction, the
 * organisation's row locked, so two admins at once each record what they saw replaced; nothing changed, nothing
 * recorded.
 */
export async function setOrganisationTerms(
  actor: { id: string },
  orgId: string,
  input: OrganisationTermsInput,
): Promise<{ ok: true; organisation: OrganisationAdminView } | NotAdmin | { ok: false; code: 'ORG_NOT_FOUND' } | { ok: false; code: 'COMGATE_NOT_CONFIGURED' }> {
  if (!(await isAdmin(actor.id))) return { ok: false, code: 'NOT_ADMIN' };
  return getDb().transaction(async (tx: Tx) => {
    const [org] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, orgId)).for('update');
    if (!org) return { ok: false, code: 'ORG_NOT_FOUND' } as const;
    const before = viewOf(org);
    if (input.paymentProvider === 'comgate' && before.paymentProvider !== 'comgate' && !comgateConfig()) return { ok: false, code: 'COMGATE_NOT_CONFIGURED' } as const;
    const after = { paymentProvider: input.paymentProvider, platformFeePerTicket: input.platformFeePerTicket, platformFeeBps: input.platformFeeBps, payoutSchedule: input.payoutSchedule };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
    if (!changed.length) return { ok: true, organisation: before } as const;
    const [updated] = await tx
      .update(tables.organisations)
      .set({
        paymentProvider: input.paymentProvider === 'default' ? null : input.paymentProvider,
        platformFeePerTicket: input.platformFeePerTicket,
        platformFeeBps: input.platformFeeBps,
        payoutSchedule: input.payoutSchedule,
      })
      .where(eq(tables.organisations.id, orgId))
      .returning();
    await recordAudit(
      {
        actorId: actor.id,
        orgId,
        action: 'organisation.terms',
        subjectType: 'organisation',
        subjectId: orgId,
        reason: input.reason,
        before: termsOf(before),
        after: { ...termsOf(viewOf(updated)), changed },
      },
      tx,
    );
    return { ok: true, organisation: viewOf(updated) } as const;
  });
}
