import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { maskIban } from '@/lib/payouts/iban';
import type { DueSummary, PayoutRunView } from '@/lib/schemas/payouts';
import { getDb, rowsOf, tables, type Tx } from '@/lib/server/db';
import { isAdmin } from '@/lib/server/organiser/access';
import { payoutDebtor, type Debtor } from './debtor';
import { buildPain001 } from './pain001';
import { organiserDueSql, settleOrganiserPayouts } from './organisers';
import { dueSql } from './state';

// Payout runs: Tribuna's admins (users.is_admin) — or the CLI, as the system — collect every due payout
// of a currency into one credit-transfer file for the bank, then confirm the run once the bank has
// executed it (its payouts turn paid) or cancel it (its payouts are free for the next run).
//
// Nothing is paid twice: a run claims its payouts in the transaction that creates it, with
// `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED) AND run_id IS NULL`, so two runs prepared at
// once take different payouts; confirming and cancelling move the run out of 'prepared' with one
// conditional UPDATE, so of two at once one acts and the other finds it done.
//
// A run pays the organisers' payouts of its currency too (payouts/organisers.ts: per settlement period or
// per event), claimed the same way, to the organisation's legal name and payout account.

/** The CLI's actor (npm run payouts:run): no user, so the run's created_by/confirmed_by stay null. */
export const SYSTEM_ACTOR = { system: true } as const;
export type RunActor = { id: string } | typeof SYSTEM_ACTOR;

/** Someone who is not a Tribuna admin: every admin call answers as if nothing were there (404). */
export type AdminFailure = { ok: false; code: 'NOT_ADMIN' };
type RunFailure = { ok: false; code: 'RUN_NOT_FOUND' };

const CURRENCIES = ['EUR', 'CZK'] as const;
type Currency = (typeof CURRENCIES)[number];

type Db = ReturnType<typeof getDb> | Tx;

/** The acting user's id for the run's columns, or NOT_ADMIN. */
async function adminOf(actor: RunActor, db: Db = getDb()): Promise<{ ok: true; userId: string | null } | AdminFailure> {
  if ('system' in actor) return { ok: true, userId: null };
  return (await isAdmin(actor.id, db)) ? { ok: true, userId: actor.id } : { ok: false, code: 'NOT_ADMIN' };
}

/** Whether the user is a Tribuna admin (the profile's link to the payout screen): the access table's answer. */
export { isAdmin };

type RunRow = typeof tables.payoutRuns.$inferSelect;

async function viewOf(run: RunRow, db: Db = getDb()): Promise<PayoutRunView> {
  const email = run.createdBy ? (await db.select({ email: tables.users.email }).from(tables.users).where(eq(tables.users.id, run.createdBy)))[0]?.email : null;
  return viewWith(run, email ?? null);
}

function viewWith(run: RunRow, email: string | null): PayoutRunView {
  return {
    id: run.id,
    currency: run.currency,
    status: run.status,
    messageId: run.messageId,
    payoutCount: run.payoutCount,
    totalAmount: run.totalAmount,
    createdAt: run.createdAt.toISOString(),
    createdBy: email,
    confirmedAt: run.confirmedAt?.toISOString() ?? null,
    cancelledAt: run.cancelledAt?.toISOString() ?? null,
  };
}

/** Per currency: what is due now, and what would be but for its seller's bank account. */
async function dueSummary(now: Date): Promise<DueSummary[]> {
  const rows = rowsOf<{ currency: Currency; count: number; total: number; without_account: number }>(
    await getDb().execute(sql`
      select p.currency,
        count(*) filter (where b.user_id is not null)::int as count,
        coalesce(sum(p.net_amount) filter (where b.user_id is not null), 0)::bigint as total,
        count(*) filter (where b.user_id is null)::int as without_account
      from payouts p
      join resale_listings l on l.id = p.listing_id
      join events e on e.id = l.event_id
      left join bank_accounts b on b.user_id = p.user_id
      where ${dueSql(now)}
      group by p.currency
      union all
      select op.currency,
        count(*) filter (where o.payout_iban is not null)::int,
        coalesce(sum(op.amount) filter (where o.payout_iban is not null), 0)::bigint,
        count(*) filter (where o.payout_iban is null)::int
      from organiser_payouts op
      join organisations o on o.id = op.org_id
      where op.status = 'pending' and op.run_id is null and o.approved_at is not null
      group by op.currency`),
  );
  return CURRENCIES.map((currency) => {
    const all = rows.filter((r) => r.currency === currency);
    const row = all.length ? { count: all.reduce((a, r) => a + Number(r.count), 0), total: all.reduce((a, r) => a + Number(r.total), 0), without_account: all.reduce((a, r) => a + Number(r.without_account), 0) } : undefined;
    return { currency, count: Number(row?.count ?? 0), total: Number(row?.total ?? 0), withoutBankAccount: Number(row?.without_account ?? 0) };
  });
}

/** The admin screen: due payouts per currency and the latest runs, newest first. */
export async function payoutRunsOverview(actor: RunActor, now = new Date()): Promise<{ ok: true; due: DueSummary[]; runs: PayoutRunView[] } | AdminFailure> {
  const access = await adminOf(actor);
  if (!access.ok) return access;
  await settleOrganiserPayouts(now);
  const runs = await getDb()
    .select({ run: tables.payoutRuns, email: tables.users.email })
    .from(tables.payoutRuns)
    .leftJoin(tables.users, eq(tables.users.id, tables.payoutRuns.createdBy))
    .orderBy(desc(tables.payoutRuns.createdAt), desc(tables.payoutRuns.id))
    .limit(100);
  return { ok: true, due: await dueSummary(now), runs: runs.map((row) => viewWith(row.run, row.email)) };
}

class NothingDue extends Error {}

type Claimed = { id: string; net_amount: number; iban: string; holder_name: string; bic: string | null; slug: string; remittance?: string };

/** pain.001 MsgId: unique per run and short enough that the ids the file derives from it stay within 35 characters. */
function messageIdOf(runId: string): string {
  return `TRB${runId.replace(/-/g, '').slice(0, 20).toUpperCase()}`;
}

export type PrepareFailure = AdminFailure | { ok: false; code: 'NOTHING_DUE' | 'PAYOUT_DEBTOR_MISSING' };

/**
 * Collects every due payout of `currency` whose seller has a bank account into a new run and writes its
 * pain.001 file, all in one transaction. Nothing due: no run (NOTHING_DUE). A deployment without
 * Tribuna's own account for the currency cannot prepare one (PAYOUT_DEBTOR_MISSING).
 */
export async function prepareRun(
  actor: RunActor,
  currency: Currency,
  options: { now?: Date; debtor?: Debtor | null } = {},
): Promise<{ ok: true; run: PayoutRunView } | PrepareFailure> {
  const now = options.now ?? new Date();
  const access = await adminOf(actor);
  if (!access.ok) return access;
  const debtor = options.debtor === undefined ? payoutDebtor(currency) : options.debtor;
  if (!debtor) return { ok: false, code: 'PAYOUT_DEBTOR_MISSING' };
  // The organisers' periods and events that closed since the last look: made before the claim.
  await settleOrganiserPayouts(now);
  const runId = randomUUID();
  const messageId = messageIdOf(runId);
  try {
    const run = await getDb().transaction(async (tx) => {
      await tx.insert(tables.payoutRuns).values({ id: runId, currency, status: 'prepared', messageId, payoutCount: 0, totalAmount: 0, file: '', createdBy: access.userId, createdAt: now });
      // The claim: rows another run holds are skipped, not waited for; the outer run_id check is the
      // guard once a concurrent run has committed.
      const claimed = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update payouts set run_id = ${runId}
          where id in (
            select p.id from payouts p
            join resale_listings l on l.id = p.listing_id
            join events e on e.id = l.event_id
            join bank_accounts b on b.user_id = p.user_id
            where p.currency = ${currency} and ${dueSql(now)}
            order by p.created_at, p.id
            for update of p skip locked)
          and run_id is null and status = 'pending'
          returning id`),
      );
      // The organisers' payouts of the currency whose organisation has a payout account, claimed the same way.
      const claimedOrganisers = rowsOf<{ id: string }>(
        await tx.execute(sql`
          update organiser_payouts set run_id = ${runId}
          where id in (
            select op.id from organiser_payouts op
            join organisations o on o.id = op.org_id
            where op.currency = ${currency} and ${organiserDueSql}
            order by op.created_at, op.seq, op.id
            for update of op skip locked)
          and run_id is null and status = 'pending'
          returning id`),
      );
      if (!claimed.length && !claimedOrganisers.length) throw new NothingDue();
      // The accounts as they are now, locked until the run is written: the file and paid_to name the same one.
      const payments = rowsOf<Claimed>(
        await tx.execute(sql`
          select p.id, p.net_amount, b.iban, b.holder_name, b.bic, e.slug
          from payouts p
          join bank_accounts b on b.user_id = p.user_id
          join resale_listings l on l.id = p.listing_id
          join events e on e.id = l.event_id
          where p.run_id = ${runId}
          order by p.created_at, p.id
          for share of b`),
      );
      // A seller who removed their account since the claim: the payout waits for the next run.
      const kept = new Set(payments.map((p) => p.id));
      const dropped = claimed.filter((c) => !kept.has(c.id)).map((c) => c.id);
      if (dropped.length) await tx.execute(sql`update payouts set run_id = null where id in (${sql.join(dropped.map((id) => sql`${id}::uuid`), sql`, `)})`);
      // The organisations' accounts as they are now, locked until the run is written (another helper's
      // cooling period lands a changed account in these columns only once it has passed).
      const organisers = rowsOf<Claimed>(
        await tx.execute(sql`
          select op.id, op.amount as net_amount, o.payout_iban as iban, coalesce(nullif(o.legal_name, ''), o.name) as holder_name, o.payout_bic as bic,
            coalesce(e.slug, '') as slug, 'Tribuna payout ' || coalesce(e.slug, substr(op.period_key, 8)) as remittance
          from organiser_payouts op
          join organisations o on o.id = op.org_id
          left join events e on e.id = op.event_id
          where op.run_id = ${runId} and o.payout_iban is not null
          order by op.created_at, op.seq, op.id
          for share of o`),
      );
      const keptOrganisers = new Set(organisers.map((p) => p.id));
      const droppedOrganisers = claimedOrganisers.filter((c) => !keptOrganisers.has(c.id)).map((c) => c.id);
      if (droppedOrganisers.length)
        await tx.execute(sql`update organiser_payouts set run_id = null where id in (${sql.join(droppedOrganisers.map((id) => sql`${id}::uuid`), sql`, `)})`);
      if (!payments.length && !organisers.length) throw new NothingDue();

      const file = buildPain001({
        messageId,
        currency,
        createdAt: now,
        debtor,
        payments: [...payments, ...organisers].map((p) => ({
          payoutId: p.id,
          amountMinor: Number(p.net_amount),
          iban: p.iban,
          bic: p.bic,
          holderName: p.holder_name,
          eventSlug: p.slug,
          remittance: p.remittance,
        })),
      });
      if (payments.length) {
        const masked = payments.map((p) => sql`(${p.id}::uuid, ${maskIban(p.iban)})`);
        await tx.execute(sql`update payouts set paid_to = v.masked from (values ${sql.join(masked, sql`, `)}) as v(id, masked) where payouts.id = v.id`);
      }
      if (organisers.length) {
        const masked = organisers.map((p) => sql`(${p.id}::uuid, ${maskIban(p.iban)})`);
        await tx.execute(sql`update organiser_payouts set paid_to = v.masked from (values ${sql.join(masked, sql`, `)}) as v(id, masked) where organiser_payouts.id = v.id`);
      }
      const total = [...payments, ...organisers].reduce((sum, p) => sum + Number(p.net_amount), 0);
      const [row] = await tx
        .update(tables.payoutRuns)
        .set({ file, payoutCount: payments.length + organisers.length, totalAmount: total })
        .where(eq(tables.payoutRuns.id, runId))
        .returning();
      return row;
    });
    return { ok: true, run: await viewOf(run) };
  } catch (error) {
    if (error instanceof NothingDue) return { ok: false, code: 'NOTHING_DUE' };
    throw error;
  }
}

export type ChangeFailure = AdminFailure | RunFailure | { ok: false; code: 'RUN_CANCELLED' | 'RUN_CONFIRMED' };
type Changed = { ok: true; run: PayoutRunView; changed: boolean };

/**
 * The bank executed the run's file: its payouts are paid (paid_at now), once. Confirming again changes
 * nothing and answers changed: false. A payout of the file is marked paid even if its event was cancelled
 * meanwhile: the bank has paid it.
 */
export async function confirmRun(actor: RunActor, runId: string, now = new Date()): Promise<Changed | ChangeFailure> {
  const access = await adminOf(actor);
  if (!access.ok) return access;
  const result = await getDb().transaction(async (tx): Promise<Changed | ChangeFailure> => {
    const [run] = await tx
      .update(tables.payoutRuns)
      .set({ status: 'confirmed', confirmedAt: now, confirmedBy: access.userId })
      .where(and(eq(tables.payoutRuns.id, runId), eq(tables.payoutRuns.status, 'prepared')))
      .returning();
    if (!run) return unchanged(tx, runId, 'confirmed');
    await tx.execute(sql`update payouts set status = 'paid', paid_at = ${now.toISOString()}::timestamptz where run_id = ${runId} and status <> 'paid'`);
    await tx.execute(sql`update organiser_payouts set status = 'paid', paid_at = ${now.toISOString()}::timestamptz where run_id = ${runId} and status = 'pending'`);
    return { ok: true, run: await viewOf(run, tx), changed: true };
  });
  return result;
}

/** The run's file was not sent: its payouts are free for the next run. A confirmed run cannot be cancelled. */
export async function cancelRun(actor: RunActor, runId: string, now = new Date()): Promise<Changed | ChangeFailure> {
  const access = await adminOf(actor);
  if (!access.ok) return access;
  return getDb().transaction(async (tx): Promise<Changed | ChangeFailure> => {
    const [run] = await tx
      .update(tables.payoutRuns)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(tables.payoutRuns.id, runId), eq(tables.payoutRuns.status, 'prepared')))
      .returning();
    if (!run) return unchanged(tx, runId, 'cancelled');
    await tx.execute(sql`update payouts set run_id = null, paid_to = null where run_id = ${runId} and status <> 'paid'`);
    await tx.execute(sql`update organiser_payouts set run_id = null, paid_to = null where run_id = ${runId} and status = 'pending'`);
    return { ok: true, run: await viewOf(run, tx), changed: true };
  });
}

/** A run that was not 'prepared': already in the asked state (nothing to do), in the other one, or none. */
async function unchanged(tx: Tx, runId: string, asked: 'confirmed' | 'cancelled'): Promise<Changed | ChangeFailure> {
  const [current] = await tx.select().from(tables.payoutRuns).where(eq(tables.payoutRuns.id, runId));
  if (!current) return { ok: false, code: 'RUN_NOT_FOUND' };
  if (current.status === asked) return { ok: true, run: await viewOf(current, tx), changed: false };
  return { ok: false, code: current.status === 'confirmed' ? 'RUN_CONFIRMED' : 'RUN_CANCELLED' };
}

/** The run's pain.001 file, for the bank. */
export async function runFile(actor: RunActor, runId: string): Promise<{ ok: true; filename: string; xml: string } | AdminFailure | RunFailure> {
  const access = await adminOf(actor);
  if (!access.ok) return access;
  const [run] = await getDb().select().from(tables.payoutRuns).where(eq(tables.payoutRuns.id, runId));
  if (!run) return { ok: false, code: 'RUN_NOT_FOUND' };
  const day = run.createdAt.toISOString().slice(0, 10);
  return { ok: true, filename: `tribuna-payouts-${run.currency}-${day}-${run.messageId}.xml`, xml: run.file };
}

/** What the CLI prints and writes per run. */
export type CliRun = { run: PayoutRunView; filename: string; xml: string };

/** Prepares a run for every currency with due payouts (as the system): the runs made, and the currencies that had nothing due. */
export async function prepareAllRuns(now = new Date()): Promise<{ runs: CliRun[]; failures: { currency: Currency; code: string }[] }> {
  const runs: CliRun[] = [];
  const failures: { currency: Currency; code: string }[] = [];
  for (const currency of CURRENCIES) {
    const prepared = await prepareRun(SYSTEM_ACTOR, currency, { now });
    if (!prepared.ok) {
      if (prepared.code !== 'NOTHING_DUE') failures.push({ currency, code: prepared.code });
      continue;
    }
    const file = await runFile(SYSTEM_ACTOR, prepared.run.id);
    if (file.ok) runs.push({ run: prepared.run, filename: file.filename, xml: file.xml });
  }
  return { runs, failures };
}
