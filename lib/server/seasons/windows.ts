import 'server-only';
import { sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';

// When a season sells: its general sale and its renewal window. Decided by the database functions
// season_sale_open and season_renewal (lib/server/db/functions.sql), the one place either lives, which
// season_hold, season_seats and the renewal sweep call too; TypeScript reads their answer in its query.

const s = tables.seasons;

/** Open at `now`, as columns of a query of `seasons`: the general sale (free seats) and the renewal (a holder's own seat of last season). */
export function seasonWindowColumns(now: Date) {
  const at = now.toISOString();
  return {
    saleOpen: sql<boolean>`season_sale_open(${s.saleOpensAt}, ${s.saleClosesAt}, ${at}::timestamptz)`,
    renewalOpen: sql<boolean>`(season_renewal(${s.renewalOpensAt}, ${s.renewalClosesAt}, ${at}::timestamptz) = 'open')`,
  };
}

/** Whether the season's tickets sell at `now` at all (sale or renewal open); false for no season (a left join's nulls). */
export function seasonSelling(now: Date) {
  const { saleOpen, renewalOpen } = seasonWindowColumns(now);
  return sql<boolean>`coalesce(${saleOpen} or ${renewalOpen}, false)`;
}

/** The renewal is open at `now`, for a where clause of a query of `seasons`. */
export const renewalOpen = (now: Date) => seasonWindowColumns(now).renewalOpen;
