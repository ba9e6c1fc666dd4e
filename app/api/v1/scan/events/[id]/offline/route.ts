// GET /api/v1/scan/events/{id}/offline — one event's verification data for validating codes without a network
import { z } from 'zod';
import { apiRoute, json, parseWith } from '@/lib/server/api/respond';
import { requireCaller } from '@/lib/server/api/authenticate';
import { offlineDataset } from '@/lib/server/scan/offline';
import { ticketFailure } from '@/lib/server/tickets/failures';

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const id = parseWith(z.uuid('errors.notFound'), (await params).id);
  const dataset = await offlineDataset(caller.user, id);
  if (!dataset) throw ticketFailure('NOT_A_SCANNER');
  return json(dataset, { headers: { 'Cache-Control': 'private, no-store' } });
});
