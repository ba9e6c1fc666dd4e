// GET /api/v1/tickets — the caller's tickets (with signing keys for drawing rotating codes on the device) and season schedules
// The handler lives in lib/server/http: the production server serves it without Next (lib/server/http/hot-api.ts).
export { readMyTickets as GET } from '@/lib/server/http/my-tickets';
