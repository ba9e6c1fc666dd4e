// The waiting rooms' fans, every room together, as the metrics read them at a scrape (lib/server/ops/scrape.ts):
// in the pre-queue (joined before their window opened, not yet drawn), waiting (numbered, not yet admitted:
// the queue's length), admitted (an admission not yet expired, as fan.ts reads a place). Expired admissions
// are no one's place any more. No 'server-only' here: the server's own scrape imports it outside Next.
import { sql } from 'drizzle-orm';

export const WAITING_ROOM_FIGURES = sql`
  select count(*) filter (where position is null)::int as prequeue,
         count(*) filter (where position is not null and admitted_at is null)::int as waiting,
         count(*) filter (where admitted_at is not null and expires_at > now())::int as admitted
    from waiting_room_places`;
