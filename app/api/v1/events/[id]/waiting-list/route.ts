// GET /api/v1/events/{id}/waiting-list — the event's waiting list: on or off, sold out, and the caller's place (signed out: entry null) · POST joins {quantity, ticketTypeId?} · DELETE leaves (an offer held in the cart goes to the next fan)
import { waitingListJoinSchema } from '@/lib/schemas/waiting-list';
import { authenticate, requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, apiRoute, failureOf, json, parseBody } from '@/lib/server/api/respond';
import { joinWaitingList, leaveWaitingList, waitingListState } from '@/lib/server/waiting-list';

const noStore = { headers: { 'Cache-Control': 'private, no-store' } };

export const GET = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await authenticate(request);
  const state = await waitingListState({ user: caller?.user ?? null, eventRef: (await params).id, locale: requestLocale(request) });
  if (!state) throw new ApiError('NOT_FOUND');
  return json(state, noStore);
});

export const POST = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const input = await parseBody(request, waitingListJoinSchema);
  const result = await joinWaitingList({ user: caller.user, eventRef: (await params).id, quantity: input.quantity, ticketTypeId: input.ticketTypeId, locale: requestLocale(request) });
  if (!result.ok) throw failureOf(result);
  return json({ entry: result.entry }, noStore);
});

export const DELETE = apiRoute<{ id: string }>(async (request, { params }) => {
  const caller = await requireCaller(request);
  const result = await leaveWaitingList({ user: caller.user, eventRef: (await params).id });
  if (!result.ok) throw failureOf(result);
  return json({ ok: true as const }, noStore);
});
