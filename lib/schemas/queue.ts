// The waiting room of a queued on-sale (issue 34): the fan's place and the organiser's settings.
import { z } from 'zod';
import { instant, plainText } from './primitives';

/** POST /api/v1/events/{id}/queue/presale-code: a presale code the organiser gave the fan. */
export const presaleCodeSchema = z.object({
  code: plainText('queue.errors.codeInvalid').min(1, 'queue.errors.codeRequired').max(64, 'queue.errors.codeInvalid'),
});

export const queueStateSchema = z.enum(['none', 'prequeue', 'waiting', 'admitted', 'expired']);
export type QueueState = z.infer<typeof queueStateSchema>;

/** The fan's place in a queued sale (an event's or a season's): what the queue page shows, and when to ask again. */
const placeSchema = z.object({
  slug: z.string(),
  state: queueStateSchema.describe('none: not joined; prequeue: came before the start, the order is drawn when it opens; waiting: numbered; admitted: may buy until admission.expiresAt; expired: the admission ran out unused (join again: at the end)'),
  presale: z.boolean().describe('this place is in the presale window'),
  opensAt: z.string().nullable().describe("when this fan's window opens (ISO)"),
  generalOpensAt: z.string(),
  presaleOpensAt: z.string().nullable(),
  presaleKinds: z.object({ seasonHolders: z.boolean(), minPoints: z.number().int().nullable(), codes: z.boolean() }),
  position: z.number().int().nullable(),
  ahead: z.number().int().nullable().describe('fans before this one'),
  estimatedWaitSeconds: z.number().int().nullable().describe('ahead ÷ the measured admission rate'),
  progress: z.number().min(0).max(1).nullable(),
  ratePerMinute: z.number().int().describe('fans admitted in the last minute (the configured rate until measured)'),
  admission: z.object({ token: z.string(), expiresAt: z.string() }).nullable(),
  nextPollSeconds: z.number().int().describe('ask again after about this long (add jitter); 0: no need'),
});
/** The fan's place in an event's waiting room. */
export const queueStatusSchema = z.object({ eventId: z.string(), ...placeSchema.shape });
export type QueueStatus = z.infer<typeof queueStatusSchema>;
/** The fan's place in a season's ticket sale's waiting room (the same place; its admission is the season holds'). */
export const seasonQueueStatusSchema = z.object({ seasonId: z.string(), ...placeSchema.shape });
export type SeasonQueueStatus = z.infer<typeof seasonQueueStatusSchema>;

const rate = z.number({ error: 'queue.errors.rateInvalid' }).int('queue.errors.rateInvalid').min(1, 'queue.errors.rateInvalid').max(12_000, 'queue.errors.rateInvalid');

/** PUT /api/v1/organiser/events/{eventId}/waiting-room (or …/seasons/{seasonId}/waiting-room): queue the sale. */
export const waitingRoomInputSchema = z.object({
  ratePerMinute: rate.nullable().default(null).describe('fans admitted per minute; null: the automatic default'),
  admissionMinutes: z.number({ error: 'queue.errors.admissionMinutesInvalid' }).int('queue.errors.admissionMinutesInvalid').min(2, 'queue.errors.admissionMinutesInvalid').max(60, 'queue.errors.admissionMinutesInvalid').default(10),
  presaleStartsAt: instant().nullable().default(null).describe('a presale window from then to the general sale; null: none'),
  presaleSeasonHolders: z.boolean({ error: 'errors.invalidInput' }).default(false),
  presaleMinPoints: z.number({ error: 'queue.errors.pointsInvalid' }).int('queue.errors.pointsInvalid').min(1, 'queue.errors.pointsInvalid').max(10_000_000, 'queue.errors.pointsInvalid').nullable().default(null),
});
export type WaitingRoomInput = z.infer<typeof waitingRoomInputSchema>;

export const waitingRoomSchema = z.object({
  room: z
    .object({
      ratePerMinute: z.number().int().nullable(),
      effectiveRatePerMinute: z.number().int(),
      admissionMinutes: z.number().int(),
      presaleStartsAt: z.string().nullable(),
      presaleSeasonHolders: z.boolean(),
      presaleMinPoints: z.number().int().nullable(),
      codes: z.number().int().describe('presale codes generated'),
      codesUsed: z.number().int(),
      waiting: z.number().int(),
      admitted: z.number().int(),
    })
    .nullable(),
  defaultRatePerMinute: z.number().int(),
});
export type WaitingRoomAnswer = z.infer<typeof waitingRoomSchema>;

/** POST …/waiting-room/codes: how many single-use presale codes to make. */
export const presaleCodesInputSchema = z.object({
  count: z.number({ error: 'queue.errors.countInvalid' }).int('queue.errors.countInvalid').min(1, 'queue.errors.countInvalid').max(1000, 'queue.errors.countInvalid'),
});
export const presaleCodesSchema = z.object({ codes: z.array(z.string()).describe('shown once: only their hashes are kept') });
