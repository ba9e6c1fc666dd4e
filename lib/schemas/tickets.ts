// Schemas of the ticket forms and calls (Your tickets, gate scanner), shared by forms and API handlers.
// Messages are keys in messages/*.json.
import { z } from 'zod';
import { parseTicketCode } from '@/lib/ticket-code/code';
import { INT32_MAX, instant, plainText } from './primitives';

const uuid = z.uuid('errors.invalidInput');

/** POST /api/v1/tickets/redeem */
export const redeemSchema = z.object({
  code: plainText('errors.invalidRedeemCode', 'redeem.codeRequired').min(1, 'redeem.codeRequired').max(64, 'errors.invalidRedeemCode'),
});
export type RedeemInput = z.infer<typeof redeemSchema>;

/** POST /api/v1/tickets/{id}/gift */
export const giftSchema = z.object({
  email: z
    .string({ error: 'validation.emailRequired' })
    .trim()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.emailInvalid')
    .pipe(z.email('validation.emailInvalid'))
    .transform((value) => value.toLowerCase()),
});
export type GiftInput = z.infer<typeof giftSchema>;

/** POST /api/v1/tickets/{id}/listing — price in minor units of the event's currency. */
export const listingSchema = z.object({
  price: z
    .number({ error: 'resale.priceRequired' })
    .int('resale.priceInvalid')
    .min(1, 'resale.priceInvalid')
    .max(100_000_000, 'resale.priceInvalid'),
});
export type ListingInput = z.infer<typeof listingSchema>;

/** The sell form: a price as a person types it ("25", "25.50", "25,50"), turned into minor units. */
export const listingFormSchema = z.object({
  price: z
    .string({ error: 'resale.priceRequired' })
    .trim()
    .min(1, 'resale.priceRequired')
    .regex(/^\d{1,7}([.,]\d{1,2})?$/, 'resale.priceInvalid'),
});
export function priceToMinorUnits(text: string): number {
  const [whole, fraction = ''] = text.trim().replace(',', '.').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** POST /api/v1/scan */
export const scanSchema = z.object({
  payload: plainText('errors.invalidInput', 'scanner.payloadRequired').min(1, 'scanner.payloadRequired').max(300, 'errors.invalidInput'),
  eventId: uuid.optional(),
  gate: plainText().max(40).optional(),
});
export type ScanInput = z.infer<typeof scanSchema>;

/** POST /api/v1/scan/sync — check-ins a gate made offline, each with the code it scanned. */
export const scanSyncSchema = z.object({
  eventId: uuid,
  checkIns: z
    .array(
      z.object({
        ticketId: uuid,
        version: z.number().int().min(1).max(INT32_MAX),
        scannedAt: instant(),
        // A gate queues only what parsed as a code, so anything else is no gate's (422). A check-in without
        // one (queued by a gate of an earlier version) is answered not_valid on its own, rather than the
        // whole sync refused and the gate's queue stuck.
        payload: plainText()
          .max(300)
          .refine((value) => parseTicketCode(value) !== null, 'errors.invalidInput')
          .optional()
          .describe(
            "The code the gate scanned (TRB2…, as the phone showed it). The server verifies it as the gate did: the ticket's and the item's version, the Ed25519 signature, its time step within one step of scannedAt. A check-in without a genuine code is not_valid.",
          ),
      }),
    )
    .max(5000),
});
export type ScanSyncInput = z.infer<typeof scanSyncSchema>;

const localizedText = z.object({ sk: z.string(), cs: z.string(), en: z.string() });

/** What POST /api/v1/scan answers (every outcome is a 200; the gate shows it). */
export const scanResultSchema = z.object({
  result: z.enum(['admitted', 'already_used', 'invalid', 'wrong_event', 'expired', 'not_valid']),
  reason: z.enum(['old_version', 'listed', 'gift_pending', 'void', 'too_early', 'too_late']).optional(),
  /** When the event's gates open and close: with a too_early / too_late reason. */
  window: z.object({ opensAt: z.iso.datetime(), closesAt: z.iso.datetime() }).optional(),
  ticketId: z.uuid().optional(),
  checkedInAt: z.iso.datetime().optional(),
  event: z.object({ id: z.uuid(), title: localizedText }).optional(),
  ticket: z.object({ type: localizedText, seat: z.object({ section: localizedText, row: z.string(), seat: z.string() }).nullable() }).optional(),
});
