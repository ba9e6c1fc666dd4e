// GET /api/v1/organiser/events/{eventId}/waiting-list — the event's waiting list: on or off, offer minutes, how many wait · PUT {enabled, offerMinutes} sets them
import { waitingListSettingsSchema } from '@/lib/schemas/waiting-list';
import { getWaitingListSettings, setWaitingListSettings } from '@/lib/server/waiting-list/organiser';
import { eventSettingsRoute } from '@/lib/server/api/event-settings-route';

const route = eventSettingsRoute({ read: getWaitingListSettings, body: waitingListSettingsSchema, write: setWaitingListSettings });
export const GET = route.GET;
export const PUT = route.PUT;
