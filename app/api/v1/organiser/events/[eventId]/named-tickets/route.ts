// GET /api/v1/organiser/events/{eventId}/named-tickets — which tickets of the event are in the holder's name (risk match) · PUT — set it for the whole event or some sections
import { namedTicketsSettingsSchema } from '@/lib/schemas/named-tickets';
import { getNamedTickets, setNamedTickets } from '@/lib/server/named-tickets/settings';
import { eventSettingsRoute } from '@/lib/server/api/event-settings-route';

const route = eventSettingsRoute({ read: getNamedTickets, body: namedTicketsSettingsSchema, write: setNamedTickets });
export const GET = route.GET;
export const PUT = route.PUT;
