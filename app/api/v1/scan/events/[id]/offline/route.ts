// GET /api/v1/scan/events/{id}/offline — one event's verification data for validating codes without a network
import { offlineEventParamSchema } from '@/lib/schemas/tickets';
import { apiRoute, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { offlineDataset } from '@/lib/server/scan/offline';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(offlineEventParamSchema.shape.id, (await params).id);
  const offline = await offlineDataset(caller.user, id);
  if (!offline.ok) throw failureOf(offline);
  return json(offline.dataset, { headers: { 'Cache-Control': 'private, no-store' } });
});
