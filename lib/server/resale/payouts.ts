import 'server-only';
import { sql } from 'drizzle-orm';
import type { Payout } from '@/lib/schemas/tickets';
import { getDb, rowsOf } from '@/lib/server/db';
import { stateSql, type PayoutState } from '@/lib/server/payouts/state';

type Row = {
  id: string;
  created_at: string | Date;
  status: 'pending' | 'paid' | 'cancelled';
  state: PayoutState;
  has_account: boolean;
  paid_to: string | null;
  paid_at: string | Date | null;
  gross_amount: number;
  fee_amount: number;
  net_amount: number;
  currency: 'EUR' | 'CZK';
  event_id: string;
  slug: string;
  title: { sk: string; cs: string; en: string };
};

const iso = (value: string | Date) => new Date(value).toISOString();

/** The seller's payout ledger: what each resold ticket earned (price − seller fee) and where its payment stands, newest first. */
export async function listPayouts(actor: { id: string }, now = new Date()): Promise<Payout[]> {
  const rows = rowsOf<Row>(
    await getDb().execute(sql`
      select p.id, p.created_at, p.status, ${stateSql(now)} as state,
        exists (select 1 from bank_accounts b where b.user_id = p.user_id) as has_account,
        p.paid_to, p.paid_at, p.gross_amount, p.fee_amount, p.net_amount, p.currency,
        e.id as event_id, e.slug, e.title
      from payouts p
      join resale_listings l on l.id = p.listing_id
      join events e on e.id = l.event_id
      where p.user_id = ${actor.id}
      order by p.created_at desc, p.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    createdAt: iso(r.created_at),
    status: r.status,
    state: r.state,
    needsBankAccount: r.state === 'due' && !r.has_account,
    paidTo: r.paid_to,
    paidAt: r.paid_at ? iso(r.paid_at) : null,
    grossAmount: Number(r.gross_amount),
    feeAmount: Number(r.fee_amount),
    netAmount: Number(r.net_amount),
    currency: r.currency,
    event: { id: r.event_id, slug: r.slug, title: r.title },
  }));
}
