// Concessions: child, student, senior, ZŤP and ZŤP-S prices per price category (the organiser's), the
// concession a fan picks per cart line, and wheelchair places held back for ZŤP / ZŤP-S card holders.
import { z } from 'zod';
import { INT32_MAX, moneySchema, uuidString } from './primitives';

const uuid = uuidString();

/** What an organiser can offer; ZŤP = the Slovak/Czech disability card (CZ ZTP), ZŤP-S = with a companion (CZ ZTP/P). */
export const CONCESSION_KINDS = ['child', 'student', 'senior', 'ztp', 'ztp_s'] as const;
export type ConcessionKind = (typeof CONCESSION_KINDS)[number];
/** A ticket's concession: one of those, or the free companion of a ZŤP-S ticket. */
export const TICKET_CONCESSIONS = [...CONCESSION_KINDS, 'companion'] as const;
export type TicketConcession = (typeof TICKET_CONCESSIONS)[number];
/** The concessions that may take a wheelchair place and may bring a free companion. */
export const DISABILITY_KINDS = ['ztp', 'ztp_s'] as const;

const kindSchema = z.enum(CONCESSION_KINDS, { error: 'concessions.errors.kind' });

/** PUT /api/v1/organiser/events/{eventId}/price-categories/{categoryId}/concessions: the category's concessions (the ones left out are not offered). */
export const categoryConcessionsSchema = z.object({
  concessions: z
    .array(
      z.object({
        kind: kindSchema,
        priceAmount: z.number({ error: 'concessions.errors.price' }).int('concessions.errors.price').min(0, 'concessions.errors.price').max(INT32_MAX, 'concessions.errors.price'),
        companion: z.boolean({ error: 'errors.invalidInput' }).default(false).describe('a free companion seat next to the holder’s (ZŤP and ZŤP-S only)'),
        resaleAllowed: z.boolean({ error: 'errors.invalidInput' }).default(false).describe('fans may resell tickets of this concession (capped at the concession price paid)'),
      }),
      { error: 'errors.invalidInput' },
    )
    .max(CONCESSION_KINDS.length, 'errors.invalidInput')
    .refine((list) => new Set(list.map((c) => c.kind)).size === list.length, 'concessions.errors.duplicate')
    .refine((list) => list.every((c) => !c.companion || (DISABILITY_KINDS as readonly string[]).includes(c.kind)), 'concessions.errors.companionKind'),
});
export type CategoryConcessionsInput = z.infer<typeof categoryConcessionsSchema>;

/** PUT /api/v1/events/{id}/cart/concessions: one line's concession (null: full price). */
export const cartConcessionSchema = z.object({
  itemId: uuid,
  concession: kindSchema.nullable(),
});
export type CartConcessionInput = z.infer<typeof cartConcessionSchema>;

/** POST /api/v1/events/{id}/cart/accessible: a wheelchair place, held with a ZŤP or ZŤP-S concession. */
export const accessibleHoldSchema = z.object({
  seatId: uuid,
  concession: z.enum(DISABILITY_KINDS, { error: 'concessions.errors.wheelchairKind' }),
});
export type AccessibleHoldInput = z.infer<typeof accessibleHoldSchema>;

// ── answers ──────────────────────────────────────────────────────────────────
export const categoryConcessionSchema = z.object({ kind: z.enum(CONCESSION_KINDS), priceAmount: z.number().int(), companion: z.boolean(), resaleAllowed: z.boolean() });
export const categoryConcessionsResultSchema = z.object({ categoryId: z.string(), concessions: z.array(categoryConcessionSchema) });
export type CategoryConcession = z.infer<typeof categoryConcessionSchema>;

export const cartConcessionLineSchema = z.object({
  itemId: z.string().describe('the cart line (items[].id of the cart)'),
  concession: z.enum(TICKET_CONCESSIONS).nullable().describe('null: full price; companion: the free companion of a ZŤP-S line'),
  companionOf: z.string().nullable(),
  /** The line is a wheelchair place: only ZŤP or ZŤP-S may stay on it. */
  wheelchair: z.boolean(),
  fullPrice: moneySchema,
  options: z.array(z.object({ kind: z.enum(CONCESSION_KINDS), price: moneySchema, companion: z.boolean() })).describe('what this line may be switched to'),
});
export const cartConcessionsResultSchema = z.object({ lines: z.array(cartConcessionLineSchema) });
export type CartConcessions = z.infer<typeof cartConcessionsResultSchema>;
export type CartConcessionLine = z.infer<typeof cartConcessionLineSchema>;

export const accessibleSeatsResultSchema = z.object({
  seats: z.array(
    z.object({
      seatId: z.string(),
      kind: z.enum(['wheelchair', 'companion']),
      section: z.string(),
      row: z.string(),
      seat: z.string(),
      free: z.boolean(),
      ticketTypeId: z.string().nullable(),
    }),
  ),
});
export type AccessibleSeats = z.infer<typeof accessibleSeatsResultSchema>;
