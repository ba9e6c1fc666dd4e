import 'server-only';
import { sql } from 'drizzle-orm';
import { tables } from '@/lib/server/db';

// Whether a hold is live is the database function hold_is_live (lib/server/db/functions.sql), the one
// place the rule lives: open (a cart, or at checkout) and its time not run out. TypeScript asks it in
// the query that reads the hold instead of comparing expiresAt itself.

const h = tables.holds;

/** The rule for a drizzle query of `holds`. */
export const holdIsLive = (now: Date) => sql<boolean>`hold_is_live(${h.status}, ${h.expiresAt}, ${now.toISOString()}::timestamptz)`;
