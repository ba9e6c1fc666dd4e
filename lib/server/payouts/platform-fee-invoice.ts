import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { dayOf } from '@/lib/organiser/zoned-time';
import { rowsOf, tables, type Tx } from '@/lib/server/db';
import type { DocumentParty } from '@/lib/server/db/schema';
import { translator } from '@/lib/server/api/translate';
import { issueDocument, organisationParty, type IssuedDocument } from '@/lib/server/documents/issue';

// Tribuna's invoice for its platform fees (issue 32, item 4), issued to the organisation when a payout is made
// (payouts/organisers.ts), in the transaction that makes it: one document per payout row, for the platform
// fee its figures deduct. A row whose platform fee is negative (refunded tickets gave theirs back) gets a
// credit note referring to the organisation's latest platform-fee invoice in that currency. Gross amounts:
// the document's total is exactly the fee the payout deducted. Made once per row (source key).

type PayoutRow = typeof tables.organiserPayouts.$inferSelect;

/** The organisation as a document's buyer: its legal profile as it stands. */
async function buyerOf(tx: Tx, orgId: string): Promise<{ party: DocumentParty; locale: 'sk' | 'cs' | 'en' }> {
  const [org] = await tx.select().from(tables.organisations).where(eq(tables.organisations.id, orgId));
  return { locale: org.language, party: organisationParty(org) };
}

/** The days the payout covers (Europe/Bratislava, both included): a month, or from the event's day to the cutoff. */
async function periodOfRow(tx: Tx, row: PayoutRow): Promise<{ from: string; to: string; label: string }> {
  const to = dayOf(new Date(row.cutoff.getTime() - 1));
  if (row.periodStart) return { from: dayOf(row.periodStart), to, label: row.periodKey.slice('period:'.length) };
  const [event] = rowsOf<{ slug: string; starts_at: string | Date }>(await tx.execute(sql`select slug, starts_at from events where id = ${row.eventId}::uuid`));
  const from = event ? dayOf(new Date(event.starts_at)) : to;
  return { from: from <= to ? from : to, to, label: event?.slug ?? to };
}

/** Issues the payout row's platform-fee document, if its fee is not zero (a credit note only when there is an invoice to correct). */
export async function issuePlatformFeeDocument(tx: Tx, row: PayoutRow, issuedAt: Date): Promise<IssuedDocument | null> {
  if (row.platformFee === 0) return null;
  const { party, locale } = await buyerOf(tx, row.orgId);
  const period = await periodOfRow(tx, row);
  const t = translator(locale);
  const description = t('organiser.payouts.invoiceLine', { period: period.label });
  if (row.platformFee > 0) {
    return issueDocument(tx, {
      kind: 'invoice',
      purpose: 'platform-fee',
      issuer: 'tribuna',
      buyer: party,
      lines: [{ description, supply: 'platform-fee', quantity: 1, unitGross: row.platformFee }],
      currency: row.currency,
      locale,
      sourceKey: `platform-fee:${row.id}`,
      orgId: row.orgId,
      period: { from: period.from, to: period.to },
      issuedAt,
    });
  }
  const d = tables.taxDocuments;
  const [original] = await tx
    .select({ id: d.id })
    .from(d)
    .where(and(eq(d.orgId, row.orgId), eq(d.purpose, 'platform-fee'), eq(d.kind, 'invoice'), eq(d.currency, row.currency)))
    .orderBy(desc(d.issuedAt))
    .limit(1);
  if (!original) return null;
  return issueDocument(tx, {
    kind: 'credit-note',
    purpose: 'platform-fee',
    issuer: 'tribuna',
    buyer: party,
    lines: [{ description, supply: 'platform-fee', quantity: 1, unitGross: row.platformFee }],
    currency: row.currency,
    locale,
    sourceKey: `platform-fee:${row.id}`,
    refersTo: original.id,
    orgId: row.orgId,
    period: { from: period.from, to: period.to },
    issuedAt,
  });
}
