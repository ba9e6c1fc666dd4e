// Tax documents (lib/server/documents): what the fan's order and the organiser's console list, the
// accountant's export's query, and the company a fan buys for at checkout.
import { z } from 'zod';
import { calendarDate, moneySchema, plainText, uuidString } from './primitives';

const E = 'documents.errors';

// ── the company a fan buys for ─────────────────────────────────────────────
// A minimal IČO/DIČ/IČ DPH check of its own: lib/legal-ids.ts (branch onboard) has the same rules; the
// merger points these at it.

/** What someone typed, without spaces, letters in upper case. */
export function compactId(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** IČO: 8 digits, the last a check digit (the first seven weighted 8…2, summed mod 11; 0 → 1, 1 → 0, r → 11 − r). */
export function isIco(compact: string): boolean {
  if (!/^\d{8}$/.test(compact)) return false;
  let sum = 0;
  for (let i = 0; i < 7; i += 1) sum += Number(compact[i]) * (8 - i);
  return (11 - (sum % 11)) % 10 === Number(compact[7]);
}

/** DIČ: Slovakia 10 digits; Czech Republic "CZ" and 8–10 digits. */
export function isDic(compact: string, country: 'SK' | 'CZ'): boolean {
  return country === 'SK' ? /^\d{10}$/.test(compact) : /^CZ\d{8,10}$/.test(compact);
}

/** IČ DPH "SK" and 10 digits; the Czech DIČ for VAT "CZ" and 8–10 digits. */
export function isVatId(compact: string, country: 'SK' | 'CZ'): boolean {
  return country === 'SK' ? /^SK\d{10}$/.test(compact) : /^CZ\d{8,10}$/.test(compact);
}

const optionalId = z
  .string()
  .max(20, `${E}.idInvalid`)
  .optional()
  .transform((value) => (value ? compactId(value) : null));

/** The company entered at checkout: its name and address, IČO (checked), DIČ and IČ DPH when it has them. */
export const billingCompanySchema = z
  .object({
    name: plainText(`${E}.companyNameRequired`).pipe(z.string().min(2, `${E}.companyNameRequired`).max(200, 'validation.tooLong')),
    ico: z.string({ error: `${E}.icoInvalid` }).transform(compactId).refine(isIco, `${E}.icoInvalid`),
    dic: optionalId,
    vatId: optionalId,
    street: plainText(`${E}.addressRequired`).pipe(z.string().min(2, `${E}.addressRequired`).max(200, 'validation.tooLong')),
    city: plainText(`${E}.addressRequired`).pipe(z.string().min(1, `${E}.addressRequired`).max(100, 'validation.tooLong')),
    postcode: z.string({ error: `${E}.postcodeInvalid` }).trim().regex(/^\d{3} ?\d{2}$/, `${E}.postcodeInvalid`),
    country: z.enum(['SK', 'CZ'], { error: `${E}.countryInvalid` }),
  })
  .superRefine((company, ctx) => {
    if (company.dic && !isDic(company.dic, company.country)) ctx.addIssue({ code: 'custom', message: `${E}.dicInvalid`, path: ['dic'] });
    if (company.vatId && !isVatId(company.vatId, company.country)) ctx.addIssue({ code: 'custom', message: `${E}.vatIdInvalid`, path: ['vatId'] });
  });
export type BillingCompanyInput = z.input<typeof billingCompanySchema>;

// ── documents ───────────────────────────────────────────────────────────────
export const DOCUMENT_KINDS = ['invoice', 'credit-note'] as const;
export const DOCUMENT_PURPOSES = ['tickets', 'service-fee', 'platform-fee'] as const;

export const documentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  purpose: z.enum(DOCUMENT_PURPOSES),
  number: z.string().describe('unbroken per issuer, series and year: 2026-000123; credit notes D2026-000007'),
  issuedAt: z.string().describe('ISO instant'),
  seller: z.string(),
  buyer: z.string(),
  total: moneySchema.describe('VAT included; negative for a credit note'),
  vat: moneySchema,
  refersTo: z.string().nullable().describe('the number of the invoice a credit note corrects'),
  orderId: z.string().nullable(),
  pdfUrl: z.string().describe('GET: the PDF'),
});
export type DocumentSummary = z.infer<typeof documentSchema>;
export const documentListSchema = z.object({ documents: z.array(documentSchema) });

const day = calendarDate(`${E}.dateInvalid`);

function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** GET /api/v1/organiser/documents(.csv|.xlsx)?organisation=&from=&to=&kind=&purpose= — days in Europe/Bratislava, `to` included. */
export const documentQuerySchema = z
  .object({
    organisation: uuidString('organiser.errors.organisationRequired'),
    from: day,
    to: day,
    kind: z.enum(DOCUMENT_KINDS, { error: 'errors.invalidInput' }).optional(),
    purpose: z.enum(DOCUMENT_PURPOSES, { error: 'errors.invalidInput' }).optional(),
  })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { message: `${E}.periodOrder`, path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= 3700, { message: `${E}.periodTooLong`, path: ['to'] });
export type DocumentQuery = z.infer<typeof documentQuerySchema>;

/** GET /api/v1/organiser/documents/{id}/pdf?organisation= */
export const organisationQuerySchema = z.object({ organisation: uuidString('organiser.errors.organisationRequired') });
