// Named tickets for risk matches (Slovak act 1/2014 on sports events): the holder's name and date of
// birth per ticket, set by the buyer in the cart, by a gift's receiver on Your tickets, and the
// organiser's rule (whole event or some sections).
import { z } from 'zod';
import { isValidBirthDate } from './auth';
import { DIRECTIONAL_MARK, localizedTextSchema, plainText, uuidString } from './primitives';

const uuid = uuidString();

/** One holder: as on their identity document. */
export const holderSchema = z.object({
  name: plainText('namedTickets.nameRequired')
    .min(3, 'namedTickets.nameRequired')
    .max(120, 'namedTickets.nameTooLong')
    .refine((value) => !DIRECTIONAL_MARK.test(value), 'validation.nameDirection'),
  dateOfBirth: z.string({ error: 'validation.dateInvalid' }).trim().refine((value) => isValidBirthDate(value), 'validation.dateInvalid'),
});
export type HolderInput = z.infer<typeof holderSchema>;

/** PUT /api/v1/events/{id}/cart/holders: the holder of each named line of the cart (lines not named are refused). */
export const cartHoldersSchema = z.object({
  holders: z.array(holderSchema.extend({ itemId: uuid })).min(1, 'errors.invalidInput').max(50, 'errors.invalidInput'),
});
export type CartHoldersInput = z.infer<typeof cartHoldersSchema>;

/** PUT /api/v1/organiser/events/{eventId}/named-tickets */
export const namedTicketsSettingsSchema = z.object({
  namedTickets: z.boolean().describe('every ticket of the event is in its holder’s name'),
  sectionIds: z.array(uuid).max(500, 'errors.invalidInput').describe('or only these sections of the venue'),
});
export type NamedTicketsSettingsInput = z.infer<typeof namedTicketsSettingsSchema>;

// ── answers ──────────────────────────────────────────────────────────────────
export const cartHolderSchema = z.object({
  itemId: z.string().describe('the cart line (items[].id of the cart)'),
  named: z.boolean().describe('this line’s ticket must be in its holder’s name before checkout'),
  name: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
});
export const cartHoldersResultSchema = z.object({ holders: z.array(cartHolderSchema) });
export type CartHolders = z.infer<typeof cartHoldersResultSchema>;

export const ticketHolderResultSchema = z.object({ ticketId: z.string(), name: z.string(), dateOfBirth: z.string() });

export const namedTicketsSettingsResultSchema = z.object({
  namedTickets: z.boolean(),
  sections: z.array(z.object({ id: z.string(), code: z.string(), name: localizedTextSchema, named: z.boolean() })),
  /** Tickets already issued that are named now, and how many of them still wait for their holder's name. */
  namedCount: z.number().int(),
  unnamedCount: z.number().int(),
});
export type NamedTicketsSettings = z.infer<typeof namedTicketsSettingsResultSchema>;
