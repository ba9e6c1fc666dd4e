// Schemas of the ticket forms and calls (Your tickets, gate scanner), shared by forms and API handlers.
// Messages are keys in messages/*.json.
import { z } from 'zod';
import { parseTicketCode } from '@/lib/ticket-code/code';
import { currencySchema, INT32_MAX, instant, localizedTextSchema, plainText, recipientEmail } from './primitives';

const uuid = z.uuid('errors.invalidInput');

/** POST /api/v1/tickets/redeem */
export const redeemSchema = z.object({
  code: plainText('errors.invalidRedeemCode', 'redeem.codeRequired').min(1, 'redeem.codeRequired').max(64, 'errors.invalidRedeemCode'),
});
export type RedeemInput = z.infer<typeof redeemSchema>;

/** POST /api/v1/tickets/{id}/gift */
export const giftSchema = z.object({
  email: recipientEmail,
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

/** POST /api/v1/scan */
export const scanSchema = z.object({
  payload: plainText('errors.invalidInput', 'scanner.payloadRequired').min(1, 'scanner.payloadRequired').max(300, 'errors.invalidInput'),
  eventId: uuid.optional(),
  gate: plainText().min(1).max(40).optional().describe('The gate the device is set up as ("Brána B"); kept with the scan and, when it admits, on the ticket'),
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
        gate: plainText().min(1).max(40).optional().describe('The gate the device was set up as when it scanned ("Brána B"); absent: a gate that named none'),
      }),
    )
    .max(5000),
});
export type ScanSyncInput = z.infer<typeof scanSyncSchema>;

const localizedText = localizedTextSchema;

/** What POST /api/v1/scan answers (every outcome is a 200; the gate shows it). */
export const scanResultSchema = z.object({
  result: z.enum(['admitted', 'already_used', 'invalid', 'wrong_event', 'expired', 'not_valid']),
  reason: z.enum(['old_version', 'listed', 'gift_pending', 'void', 'too_early', 'too_late', 'holder_missing']).optional(),
  /** When the event's gates open and close: with a too_early / too_late reason. */
  window: z.object({ opensAt: z.iso.datetime(), closesAt: z.iso.datetime() }).optional(),
  ticketId: z.uuid().optional(),
  checkedInAt: z.iso.datetime().optional(),
  event: z.object({ id: z.uuid(), title: localizedText }).optional(),
  ticket: z.object({ type: localizedText, seat: z.object({ section: localizedText, row: z.string(), seat: z.string() }).nullable() }).optional(),
  holder: z
    .object({ name: z.string(), dateOfBirth: z.string() })
    .optional()
    .describe('a named ticket (risk match): the gate checks the holder’s ID against this name and date of birth'),
  card: z
    .enum(['child', 'student', 'senior', 'ztp', 'ztp_s', 'companion'])
    .optional()
    .describe('a concession ticket: the gate checks the card (child, student, senior, ZŤP, ZŤP-S; companion: the ZŤP-S holder it goes with)'),
});
export type ScanResult = z.infer<typeof scanResultSchema>;

/** The {id} of /api/v1/tickets/{id}/…: a ticket's uuid (anything else is no ticket of the caller's). */
export const ticketIdParamSchema = z.object({ id: z.uuid('tickets.errors.notFound') });

// ── answers ──────────────────────────────────────────────────────────────────
const seatSchema = z.object({ section: localizedText, row: z.string(), seat: z.string() });

/** One owned ticket as Your tickets and the native app show it (and as the phone stores it offline). */
export const ownedTicketSchema = z.object({
  id: z.uuid(),
  status: z.enum(['valid', 'listed', 'checked_in', 'void', 'released']).describe("released: its season-ticket holder gave the seat back to the club's sale for this match (no code until taken back)"),
  version: z.number().int(),
  signingKey: z
    .string()
    .nullable()
    .describe('Private key (Ed25519 seed, base64url) the phone signs its rotating codes with; null while the ticket cannot be scanned'),
  holderName: z.string(),
  priceAmount: z.number().int(),
  paidAmount: z.number().int().nullable().describe("what the holder paid for it: a resale ticket's resale price; null when the holder did not buy it (gift, code)"),
  pricePaid: z.number().int().describe('what the ticket was bought for from the organiser (its concession, package or season share; 0: free, a redeem code or comp): the resale cap is taken of it'),
  currency: currencySchema,
  checkedInAt: z.string().nullable(),
  seasonTicketId: z.string().nullable(),
  ticketType: z.object({ name: localizedText, kind: z.enum(['seated', 'standing']) }),
  seat: seatSchema.nullable(),
  event: z.object({
    id: z.string(),
    slug: z.string(),
    title: localizedText,
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    venue: z.object({ name: z.string(), city: z.string() }),
    transferEnabled: z.boolean(),
    resale: z.object({
      enabled: z.boolean(),
      capAmount: z.number().int().nullable().describe('the cap of this ticket: of its price paid'),
      closesAt: z.string(),
      sellerFeeBps: z.number().int(),
      refusal: z
        .enum(['COMPANION_NOT_ALONE', 'RESALE_WITH_COMPANION', 'CONCESSION_RESALE_NOT_ALLOWED', 'FREE_TICKET_RESALE_NOT_ALLOWED'])
        .nullable()
        .describe('why this ticket may not be resold even where the event allows resale (its failure code), or null'),
    }),
    postponed: z
      .object({ from: z.string().describe('the start before the postponement'), refundDeadline: z.string() })
      .nullish()
      .describe('the organiser postponed the event: the ticket is valid for the new start (startsAt)'),
  }),
  refund: z
    .object({ kind: z.enum(['self-cancel', 'postponement']), until: z.string() })
    .nullish()
    .describe('the holder may return this ticket now (GET/POST /api/v1/tickets/{id}/refund), until then: after a postponement, or where the organiser lets fans cancel'),
  giftable: z.boolean().describe('false for a companion seat: it moves only with its ZŤP-S holder’s ticket'),
  companionOf: z.string().nullable().describe('a companion ticket: the ZŤP-S ticket it goes with'),
  listing: z.object({ id: z.string(), priceAmount: z.number().int(), held: z.boolean() }).nullable(),
  pendingGift: z.object({ toEmail: z.string() }).nullable(),
  giftedFrom: z
    .object({ name: z.string().nullable().describe('the sender as "Jana N." (first name, initial of the last); null when that account was removed') })
    .nullable()
    .describe('set when the holder received this ticket as a gift'),
  named: z
    .object({ name: z.string().nullable(), dateOfBirth: z.string().nullable() })
    .nullable()
    .describe('a risk match: the ticket is in its holder’s name (checked against an ID at the gate); name null until the owner names it (PUT …/holder), and no code until then'),
  release: z
    .object({
      sharePercent: z.number().int().describe("the season's releaseSharePercent: the holder's credit in % of the face value if the seat sells"),
      creditAmount: z.number().int().describe('that credit in minor units'),
      closesAt: z.string().describe("the match's sale closes: until then it may be released or taken back; unsold by then, it stays the holder's"),
      released: z.boolean().describe('on sale now (POST …/release); DELETE …/release takes it back'),
    })
    .nullish()
    .describe("a match ticket of the caller's own season ticket: it may be released to the club's sale for wallet credit"),
  concession: z
    .enum(['child', 'student', 'senior', 'ztp', 'ztp_s', 'companion'])
    .nullable()
    .optional()
    .describe('a concession ticket: the holder shows the card at the gate (companion: the free companion of a ZŤP-S holder)'),
});
export type OwnedTicket = z.infer<typeof ownedTicketSchema>;

/** A ticket the caller gave away as a gift (claimed by its recipient): a history line on Your tickets. */
export const giftedTicketSchema = z.object({
  ticketId: z.string(),
  giftedAt: z.string(),
  to: z.object({ name: z.string().nullable().describe('the recipient as "Peter D."; null when that account was removed') }),
  ticketType: z.object({ name: localizedText }),
  seat: seatSchema.nullable(),
  event: z.object({
    id: z.string(),
    slug: z.string(),
    title: localizedText,
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    venue: z.object({ name: z.string(), city: z.string() }),
  }),
});
export type GiftedTicket = z.infer<typeof giftedTicketSchema>;

export const seasonScheduleSchema = z.object({
  seasonTicketId: z.string(),
  season: z.object({ id: z.string(), slug: z.string(), name: localizedText }),
  seat: seatSchema,
  matches: z.array(
    z.object({
      eventId: z.string(),
      slug: z.string(),
      title: localizedText,
      startsAt: z.string(),
      ticketId: z.string().nullable().describe("the per-match ticket of this seat: still the holder's, listed, used, or passed on"),
      state: z.enum(['yours', 'listed', 'checked_in', 'passed_on', 'none']),
    }),
  ),
});
export type SeasonSchedule = z.infer<typeof seasonScheduleSchema>;

/** GET /api/v1/tickets */
export const myTicketsSchema = z.object({
  tickets: z.array(ownedTicketSchema),
  seasons: z.array(seasonScheduleSchema),
  gifted: z.array(giftedTicketSchema).describe('tickets the caller gifted that their recipients hold now, latest first'),
});
export type MyTickets = z.infer<typeof myTicketsSchema>;

/** POST /api/v1/tickets/redeem */
export const redeemResultSchema = z.object({ ok: z.literal(true), eventId: z.string(), ticketIds: z.array(z.string()) });

/** POST /api/v1/tickets/{id}/gift: a registered fan has it at once (claimed), anyone else is invited (pending). */
export const giftResultSchema = z.object({ ok: z.literal(true), status: z.enum(['claimed', 'pending']), toEmail: z.string() });

/** POST /api/v1/tickets/{id}/listing */
export const listingResultSchema = z.object({
  ok: z.literal(true),
  listing: z.object({
    id: z.string(),
    ticketId: z.string(),
    eventId: z.string(),
    priceAmount: z.number().int(),
    currency: currencySchema,
    sellerFeeAmount: z.number().int(),
    payoutAmount: z.number().int(),
  }),
});

/** One line of the seller's payout ledger: what a resold ticket earned (price − seller fee). */
export const payoutSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled']).describe('cancelled: the event was cancelled and the buyer refunded, so nothing is paid out'),
  state: z
    .enum(['waiting', 'due', 'processing', 'paid', 'cancelled'])
    .describe(
      "waiting: the event has not taken place yet or the buyer's payment is not final; due: in the next payout run (once the seller has a bank account, see needsBankAccount); processing: in a payout file sent to the bank; paid: paidAt, to paidTo",
    ),
  /** Due, but the seller has no bank account: nothing can be paid until they add one. */
  needsBankAccount: z.boolean(),
  /** The account it is paid to, masked ("SK31 •••• •••• 4567"): set once it is in a run. */
  paidTo: z.string().nullable(),
  paidAt: z.string().nullable(),
  grossAmount: z.number().int(),
  feeAmount: z.number().int(),
  netAmount: z.number().int(),
  currency: currencySchema,
  event: z.object({ id: z.string(), slug: z.string(), title: localizedText }),
});
export type Payout = z.infer<typeof payoutSchema>;

/** GET /api/v1/payouts */
export const payoutsSchema = z.object({ payouts: z.array(payoutSchema) });

export const scannerEventSchema = z.object({ id: z.string(), slug: z.string(), title: localizedText, startsAt: z.string(), organisation: z.string() });
export type ScannerEvent = z.infer<typeof scannerEventSchema>;

/** GET /api/v1/scan/events */
export const scannerEventsSchema = z.object({ events: z.array(scannerEventSchema) });

/** The {id} of /api/v1/scan/events/{id}/offline: an event's uuid. */
export const offlineEventParamSchema = z.object({ id: z.uuid('errors.notFound') });

/** What the keys of the offline data are: a gate keeps no data of an older format. */
export const OFFLINE_FORMAT = 'ed25519-public-keys';

const gateWindowSchema = z.object({ opensAt: z.string(), closesAt: z.string() });

/** GET /api/v1/scan/events/{id}/offline: public keys only; a gate can check a code, never draw one. */
export const offlineDatasetSchema = z.object({
  format: z.literal(OFFLINE_FORMAT),
  event: z.object({ id: z.string(), title: localizedText, startsAt: z.string() }),
  window: gateWindowSchema.describe('when the gates admit: the device refuses scans outside it'),
  generatedAt: z.string(),
  validUntil: z.string().describe('the device must drop the data after this moment (holdersFrom when holders were withheld)'),
  holdersFrom: z
    .string()
    .optional()
    .describe("from this moment (24 h before the doors) the data carries named tickets' holders; data downloaded earlier has none and is valid only until then"),
  tickets: z.array(
    z.object({
      id: z.string(),
      version: z.number().int(),
      publicKey: z.string().nullable().describe("Ed25519 public key (base64url) the ticket's codes verify with; null while the ticket cannot be admitted"),
      status: z.enum(['valid', 'listed', 'checked_in', 'void', 'released']),
      checkedInAt: z.string().nullable(),
      giftPending: z.boolean().optional().describe('being gifted: not usable until the gift is claimed or cancelled'),
      holder: z
        .object({ name: z.string(), dateOfBirth: z.string() })
        .optional()
        .describe('a named ticket (risk match): whose ID the gate checks; a named ticket without a holder has no publicKey'),
      holderMissing: z.boolean().optional().describe('a named ticket whose new owner has not named its holder yet: not usable until they do'),
      holderWithheld: z.boolean().optional().describe('a named ticket whose holder this data does not carry yet (downloaded before holdersFrom): download again to admit it'),
      card: z
        .enum(['child', 'student', 'senior', 'ztp', 'ztp_s', 'companion'])
        .optional()
        .describe('a concession ticket: the card the gate checks (companion: goes in with its ZŤP-S holder)'),
    }),
  ),
});
export type OfflineDataset = z.infer<typeof offlineDatasetSchema>;

export const syncResultSchema = z.object({
  ticketId: z.string(),
  result: z.enum(['admitted', 'already_used', 'not_valid']),
  reason: z.enum(['too_early', 'too_late']).optional(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/** POST /api/v1/scan/sync: each check-in's outcome, in the gate's order. */
export const syncResultsSchema = z.object({ results: z.array(syncResultSchema) });
