// POST /api/v1/scan — a gate scans a rotating code: verify it and check the ticket in (organiser staff only)
// The handler lives in lib/server/http: the production server serves it without Next (lib/server/http/hot-api.ts).
export { scanCode as POST } from '@/lib/server/http/scan';
