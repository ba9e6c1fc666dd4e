// Building blocks of the API's zod schemas for values that must reach PostgreSQL intact: a value the
// database cannot hold (NUL in text, year 0, an integer past 2³¹, a uuid that is not one) is refused
// here as a translated 4xx instead of failing the query with a 500. Messages are keys in messages/*.json.
import { z } from 'zod';
import { UUID_PATTERN } from '@/lib/ids';

/** C0 and C1 control characters; NUL among them, which PostgreSQL refuses in any text. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same but line feed, carriage return and tab: the breaks of a text of several lines. */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Half of a UTF-16 surrogate pair without its other half: no character at all. JSON can carry one
 * ("\ud800"), and it broke what met it next (a URL, a push service, the database's encoding) with a 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Bidi embedding, override and isolate controls (U+202A–202E, U+2066–2069): they make a text display as
 * other text than it is ("\u202egnp.exe" shows as "exe.png"); a right-to-left script needs none of them.
 */
export const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Every directional formatting character: the controls above and the marks U+200E, U+200F, U+061C. A
 * person's name, shown on a ticket or in a mail, needs none of them either; marks still reorder what is around.
 */
export const DIRECTIONAL_MARK = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** Whether a text is refused by every text field: control characters (but line breaks when `lines`), lone surrogates, bidi controls. */
export function isUnsafeText(value: string, { lines = false }: { lines?: boolean } = {}): boolean {
  return (lines ? CONTROL_BUT_LINE_BREAKS : CONTROL_CHARACTERS).test(value) || LONE_SURROGATE.test(value) || BIDI_CONTROL.test(value);
}

/**
 * A trimmed string of one line (codes, names of gates, search words, tokens); `required` is the message
 * when it is no string. Trimmed first: a scanner that ends its code with a line break is fine.
 */
export const plainText = (message = 'errors.invalidInput', required = message) =>
  z
    .string({ error: required })
    .trim()
    .refine((value) => !isUnsafeText(value), message);

/** A trimmed text a person typed over several lines (a description, an announcement, a comment): line breaks and tabs are fine. */
export const multilineText = (max: number, tooLong = 'validation.tooLong', message = 'errors.invalidInput') =>
  z
    .string({ error: message })
    .trim()
    .max(max, tooLong)
    .refine((value) => !isUnsafeText(value, { lines: true }), message);

/** A person's name (sign-up, profile, a ticket's holder, a bank account's holder): one line and no directional mark of any kind. */
export const personName = ({ required, max, invalid = 'validation.nameInvalid', direction = 'validation.nameDirection' }: { required: string; max: number; invalid?: string; direction?: string }) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, 'validation.tooLong')
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value) && !/[\u2028\u2029]/.test(value), invalid)
    .refine((value) => !DIRECTIONAL_MARK.test(value), direction);

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
