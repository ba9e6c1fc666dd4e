// GET /api/v1/organiser/events/{eventId}/resale-policy — the event's resale and gifting rules · PUT — change them (withdraws listings the new rules forbid)
import { resalePolicySchema } from '@/lib/schemas/organiser-codes';
import { getResalePolicy, setResalePolicy } from '@/lib/server/events/resale-policy';
import { eventSettingsRoute } from '@/lib/server/api/event-settings-route';

const route = eventSettingsRoute({ read: getResalePolicy, body: resalePolicySchema, write: setResalePolicy });
export const GET = route.GET;
export const PUT = route.PUT;
