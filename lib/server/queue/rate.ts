// How fast a waiting room lets fans in when the organiser has not set a rate (issue 34).
//
// The hold path's measured capacity (npm run bench:onsale, one production server on PostgreSQL, a quiet
// 2-core machine): 188 holds/s at 64 fans, p99 304 ms — about 11,000 hold calls a minute. An admitted fan
// makes about 3 hold-path calls in their first minute (a hold, often a change of seats, a release or the
// checkout), so 1,200 fans a minute (20/s) put ~60 calls/s on the hold path: a third of what it served,
// which leaves room for the queue's own polls, checkouts and a slower hour. The figure is documented in
// docs/decisions/waiting-room.md and the README; QUEUE_RATE_PER_MINUTE overrides it for every room.

/** Fans admitted per minute by default. */
export const DEFAULT_RATE_PER_MINUTE = 1200;

/** The most an organiser may set (the hold path could not serve more). */
export const MAX_RATE_PER_MINUTE = 12_000;

/** The rate a room admits at: the organiser's, else QUEUE_RATE_PER_MINUTE, else the default. */
export function admissionRate(room: { ratePerMinute: number | null }): number {
  if (room.ratePerMinute && room.ratePerMinute > 0) return room.ratePerMinute;
  const configured = Number(process.env.QUEUE_RATE_PER_MINUTE);
  return Number.isFinite(configured) && configured > 0 ? Math.floor(configured) : DEFAULT_RATE_PER_MINUTE;
}
