// The waiting list of a sold-out event: the fan's join form and answers, the organiser's settings.
import { z } from 'zod';
import { uuidString } from './primitives';

/** POST /api/v1/events/{id}/waiting-list: how many tickets, of one price category or any. */
export const waitingListJoinSchema = z
  .object({
    quantity: z.coerce.number().int().min(1, 'errors.invalidInput').max(50),
    ticketTypeId: uuidString().nullable().optional().describe('one price category; omitted or null: any of the event’s'),
  })
  .strict();
export type WaitingListJoinInput = z.infer<typeof waitingListJoinSchema>;

export const waitingStatusSchema = z.enum(['waiting', 'offered', 'bought', 'expired', 'left', 'closed']);

export const waitingEntrySchema = z.object({
  id: z.string(),
  eventId: z.string().describe('the event’s URL id'),
  eventTitle: z.string(),
  eventStartsAt: z.string(),
  ticketTypeId: z.string().nullable(),
  ticketTypeName: z.string().nullable(),
  quantity: z.number().int(),
  status: waitingStatusSchema.describe('waiting: in line; offered: the tickets are held in the fan’s cart until offerExpiresAt; bought; expired: the offer ran out and passed on; left; closed'),
  position: z.number().int().nullable().describe('in line, 1 is next; null unless waiting'),
  offerExpiresAt: z.string().nullable(),
  offerTimeLeft: z.number().int().nullable().describe('seconds the offer still holds the tickets; null unless offered'),
  createdAt: z.string(),
});
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

/** GET /api/v1/events/{id}/waiting-list */
export const waitingListStateSchema = z.object({
  enabled: z.boolean().describe('the organiser turned the list on and the event is on sale'),
  offerMinutes: z.number().int(),
  soldOut: z.boolean().describe('no ticket of the event is for general sale'),
  soldOutTicketTypeIds: z.array(z.string()),
  maxQuantity: z.number().int().describe('the most tickets the caller may ask for'),
  entry: waitingEntrySchema.nullable().describe('the caller’s place (null signed out or not on the list)'),
});
export type WaitingListStateAnswer = z.infer<typeof waitingListStateSchema>;

export const waitingEntryAnswerSchema = z.object({ entry: waitingEntrySchema });
export const waitingLeftSchema = z.object({ ok: z.literal(true) });
export const myWaitingEntriesSchema = z.object({ entries: z.array(waitingEntrySchema) });

/** PUT /api/v1/organiser/events/{eventId}/waiting-list */
export const waitingListSettingsSchema = z
  .object({
    enabled: z.boolean(),
    offerMinutes: z.coerce.number().int().min(5, 'errors.invalidInput').max(1440),
  })
  .strict();
export type WaitingListSettingsInput = z.infer<typeof waitingListSettingsSchema>;

export const waitingListOverviewSchema = z.object({
  enabled: z.boolean(),
  offerMinutes: z.number().int(),
  waiting: z.number().int(),
  offered: z.number().int(),
  bought: z.number().int(),
});
export type WaitingListOverviewAnswer = z.infer<typeof waitingListOverviewSchema>;
