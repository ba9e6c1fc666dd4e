import 'server-only';
// Presales through the queue (issue 34 item 3): a window before the general sale for the club's
// season-ticket holders, for fans with at least N of the organiser's loyalty points (the event's priority
// window as one kind of presale), and for holders of a presale code the organiser generated. Codes are
// single-use (the first account that enters one keeps it), kept as SHA-256 hashes, and guesses are
// rate-limited per fan and per address like discount codes.
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf, type Tx } from '@/lib/server/db';
import { pointsWith } from '@/lib/server/loyalty/points';
import type { RoomState } from './room';

/** Whether the fan may queue in the room's presale window: a season ticket of the club, enough points, or a code. */
export async function qualifiesForPresale(room: RoomState, userId: string, db: Tx | ReturnType<typeof getDb> = getDb()): Promise<boolean> {
  if (room.presaleStartsAt == null) return false;
  const [row] = rowsOf<{ code: boolean; season: boolean }>(
    await db.execute(sql`select
      exists (select 1 from presale_codes where room_id = ${room.id} and used_by = ${userId}) as code,
      (${room.presaleSeasonHolders} and exists (
        select 1 from season_tickets st join seasons s on s.id = st.season_id
        where st.user_id = ${userId} and s.org_id = ${room.orgId} and s.ends_on >= current_date)) as season`),
  );
  if (row?.code || row?.season) return true;
  return room.presaleMinPoints != null && (await pointsWith(room.orgId, userId)) >= room.presaleMinPoints;
}

// Unambiguous letters and digits (no 0/O, 1/I/L): a code read aloud or from a card is typed right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function normalizeCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function codeHash(code: string): string {
  return createHash('sha256').update(normalizeCode(code)).digest('hex');
}

/** A new code: 12 characters of 31 (~59 bits), shown as XXXX-XXXX-XXXX. */
function newCode(): string {
  let raw = '';
  for (let i = 0; i < 12; i += 1) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/** Makes `count` codes for the room; only their hashes are stored. */
export async function generateCodes(roomId: string, count: number): Promise<string[]> {
  const codes = Array.from({ length: count }, newCode);
  await getDb().execute(
    sql`insert into presale_codes (room_id, code_hash) select ${roomId}, h from unnest(${sql.raw(`array[${codes.map((c) => `'${codeHash(c)}'`).join(',')}]`)}::text[]) as h on conflict do nothing`,
  );
  return codes;
}

/** Claims a code for the fan (single use: another account's code is refused like an unknown one). */
export async function claimCode(roomId: string, userId: string, code: string, tx: Tx): Promise<boolean> {
  const claimed = rowsOf<{ id: string }>(
    await tx.execute(sql`update presale_codes set used_by = ${userId}, used_at = coalesce(used_at, now())
      where room_id = ${roomId} and code_hash = ${codeHash(code)} and (used_by is null or used_by = ${userId}) returning id`),
  );
  return claimed.length > 0;
}
