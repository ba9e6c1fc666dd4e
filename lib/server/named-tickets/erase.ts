import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf, type Db } from '@/lib/server/db';

/** The holder's data of a named ticket is kept this long after its event ends (Slovak act 1/2014), then erased. */
export const HOLDER_RETENTION_DAYS = 30;
export const ERASE_BATCH = 500;

/**
 * Erases the holder's name and date of birth from tickets, and the names given in carts, of events that
 * ended (or, without an end, started) more than 30 days before `now`. Run by the sweeper; several
 * processes at once each take their own rows (SKIP LOCKED), and an erased row is not due again.
 * Answers how many tickets this call erased (the sweeper keeps going while a batch comes back full).
 */
export async function eraseExpiredHolders(options: { db?: Db; now?: Date; limit?: number } = {}): Promise<number> {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - HOLDER_RETENTION_DAYS * 24 * 3600_000).toISOString();
  const limit = options.limit ?? ERASE_BATCH;
  return db.transaction(async (tx) => {
    const erased = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update tickets set holder_name = null, holder_birth_date = null, holder_erased_at = ${now.toISOString()}::timestamptz
        where id in (
          select t.id from tickets t join events e on e.id = t.event_id
          where (t.holder_name is not null or t.holder_birth_date is not null)
            and coalesce(e.ends_at, e.starts_at) < ${cutoff}::timestamptz
          limit ${limit}
          for update of t skip locked
        )
        returning id`),
    );
    await tx.execute(sql`
      delete from hold_item_holders where hold_item_id in (
        select hh.hold_item_id from hold_item_holders hh
        join hold_items hi on hi.id = hh.hold_item_id
        join holds h on h.id = hi.hold_id
        join events e on e.id = h.event_id
        where coalesce(e.ends_at, e.starts_at) < ${cutoff}::timestamptz
        limit ${limit}
        for update of hh skip locked
      )`);
    return erased.length;
  });
}
