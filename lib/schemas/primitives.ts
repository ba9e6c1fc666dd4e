// Building blocks of the API's zod schemas for values that must reach PostgreSQL intact: a value the
// database cannot hold (NUL in text, year 0, an integer past 2³¹, a uuid that is not one) is refused
// here as a translated 4xx instead of failing the query with a 500. Messages are keys in messages/*.json.
import { z } from 'zod';
import { UUID_PATTERN } from '@/lib/ids';

/** C0 and C1 control characters; NUL among them, which PostgreSQL refuses in any text. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * A trimmed string without control characters (codes, names of gates, search words); `required` is the
 * message when it is no string. Trimmed first: a scanner that ends its code with a line break is fine.
 */
export const plainText = (message = 'errors.invalidInput', required = message) =>
  z
    .string({ error: required })
    .trim()
    .refine((value) => !hasControlCharacters(value), message);

export const uuidString = (message = 'errors.invalidInput') => z.string({ error: message }).regex(UUID_PATTERN, message);

/** The largest value of an `integer` column. */
export const INT32_MAX = 2 ** 31 - 1;

/** YYYY-MM-DD of a day that exists (no 31 February) and that PostgreSQL can hold (it has no year 0). */
export const calendarDate = (message = 'validation.dateInvalid') => z.iso.date({ error: message }).refine((value) => Number(value.slice(0, 4)) >= 1, message);

/** An ISO 8601 instant with its offset that exists and falls within the years 1–9999 in UTC, like PostgreSQL's. */
export const instant = (message = 'validation.dateInvalid') =>
  z.iso.datetime({ offset: true, error: message }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1 && year <= 9999;
  }, message);

/** The body of a call that takes none: nothing, or `{}`. Anything else is a 400, not silently ignored. */
export const noBody = z.strictObject({}, { error: 'errors.invalidInput' });

// ── shapes shared by answers ─────────────────────────────────────────────────
export const currencySchema = z.enum(['EUR', 'CZK']);
export type Currency = z.infer<typeof currencySchema>;

export const moneySchema = z.object({ amount: z.number().int().describe('minor units'), currency: currencySchema });
export type Money = z.infer<typeof moneySchema>;

/** A text the organiser wrote in every language (event titles, category and section names). */
export const localizedTextSchema = z.object({ sk: z.string(), cs: z.string(), en: z.string() });
export type Localized = z.infer<typeof localizedTextSchema>;

/** The answer of a change that has nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

/** Every failure's answer (DESIGN.md §5): a translated message, its code, and one entry per field (or per taken seat, with its id). */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ field: z.string().optional(), id: z.string().optional(), message: z.string() })),
});

/** Someone else's email address (a gift's recipient, an invitee): trimmed, checked and lower-cased. */
export const recipientEmail = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((value) => value.toLowerCase());
