import 'server-only';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { getDb, tables } from '@/lib/server/db';
import { availabilityChanged } from '@/lib/server/events/changed';
import { issueFreeTickets } from './create';
import { hitRateLimit } from '@/lib/server/rate-limit';

/** Attempts per fan per window; a brute-force guess of voucher codes is hopeless at this rate. */
const REDEEM_LIMIT = 5;
const REDEEM_WINDOW_SECONDS = 60;

export type RedeemResult =
  | { ok: true; eventId: string; ticketIds: string[] }
  | { ok: false; code: 'INVALID_REDEEM_CODE' | 'REDEEM_SOLD_OUT' }
  | { ok: false; code: 'RATE_LIMITED'; retryAfterSeconds: number };

/** Codes are stored upper-case; people type them any way. */
function normaliseRedeemCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * Grants the ticket(s) of a redeem code. Single use: the code row is claimed with
 * `UPDATE … WHERE used_at IS NULL RETURNING` inside the transaction that issues the tickets, so
 * two fans typing the same code at once get one success and one 'Invalid redeem code'.
 */
export async function redeemCode(actor: { id: string }, rawCode: string): Promise<RedeemResult> {
  const attempt = await hitRateLimit(`redeem:${actor.id}`, { limit: REDEEM_LIMIT, windowSeconds: REDEEM_WINDOW_SECONDS });
  if (!attempt.allowed) return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: attempt.retryAfterSeconds };
  const code = normaliseRedeemCode(rawCode);
  if (!code || code.length > 64) return { ok: false, code: 'INVALID_REDEEM_CODE' };
  const db = getDb();
  try {
    const result = await db.transaction(async (tx) => {
      const now = new Date();
      const [claimed] = await tx
        .update(tables.redeemCodes)
        .set({ usedAt: now, usedBy: actor.id })
        .where(
          and(
            eq(tables.redeemCodes.code, code),
            isNull(tables.redeemCodes.usedAt),
            // Deactivated by the organiser: the same answer as a code that does not exist.
            isNull(tables.redeemCodes.deactivatedAt),
            or(isNull(tables.redeemCodes.expiresAt), gt(tables.redeemCodes.expiresAt, now)),
          ),
        )
        .returning();
      if (!claimed) return { ok: false as const, code: 'INVALID_REDEEM_CODE' as const };
      const [event] = await tx
        .select({ startsAt: tables.events.startsAt, status: tables.events.status })
        .from(tables.events)
        .where(eq(tables.events.id, claimed.eventId));
      if (!event || event.status === 'cancelled' || event.startsAt <= now) throw new Rollback('INVALID_REDEEM_CODE');
      // Face value stays the category's price: the resale cap is the organiser's rule for every ticket alike.
      const issued = await issueFreeTickets(tx, { ticketTypeId: claimed.ticketTypeId, ownerId: actor.id, quantity: claimed.quantity });
      if (!issued) throw new Rollback('REDEEM_SOLD_OUT');
      return { ok: true as const, eventId: claimed.eventId, ticketIds: issued.map((t) => t.id) };
    });
    // The code's units are sold now.
    if (result.ok) availabilityChanged(result.eventId);
    return result;
  } catch (error) {
    if (error instanceof Rollback) return { ok: false, code: error.code };
    throw error;
  }
}

class Rollback extends Error {
  constructor(readonly code: 'INVALID_REDEEM_CODE' | 'REDEEM_SOLD_OUT') {
    super(code);
  }
}
