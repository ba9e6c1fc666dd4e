// GET /api/v1/organiser/events/{eventId}/live — the live on-sale view; GET …/exports/{file} — the event's CSV exports.
import { z } from 'zod';
import { currencySchema, uuidString } from './primitives';

export const liveCategorySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string().describe("In the request's language"),
  color: z.string(),
  sold: z.number().int().describe('Units of the category sold'),
  capacity: z.number().int().describe('Units of the category in all (sold, held, free, blocked)'),
  soldOut: z.boolean().describe('No unit is free: none available, none held by a hold that ran out'),
});

export const liveViewSchema = z.object({
  eventId: z.string(),
  slug: z.string(),
  status: z.enum(['draft', 'on_sale', 'sold_out', 'cancelled']),
  currency: currencySchema,
  checkedAt: z.string().describe('When the figures were read (ISO 8601); one read answers every caller for up to 2 s'),
  inCarts: z.object({
    total: z.number().int().describe('Tickets in fans’ carts right now'),
    tickets: z.number().int().describe('Units held by a live hold'),
    resale: z.number().int().describe('Resale offers held by a live cart'),
  }),
  soldLastMinute: z.object({
    orders: z.number().int().describe('Orders paid in the last 60 s'),
    tickets: z.number().int().describe('Their tickets'),
  }),
  entered: z
    .object({
      total: z.number().int().describe('Tickets checked in (the attendance)'),
      gates: z
        .array(z.object({ gate: z.string().nullable().describe('null: a gate that named none'), admitted: z.number().int() }))
        .describe('Tickets checked in per gate of their entry, named gates by name, then null; they sum to total'),
    })
    .describe('Who came in so far, as the report counts it'),
  sold: z.number().int(),
  capacity: z.number().int(),
  soldOut: z.array(z.string()).describe('Ids of the sold-out categories'),
  categories: z.array(liveCategorySchema),
});
export type LiveView = z.infer<typeof liveViewSchema>;

export const EXPORT_KINDS = ['orders', 'attendees', 'check-ins', 'resale'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** The formats every export is offered in: CSV and an Excel workbook. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
type ExportFileName = `${ExportKind}.${ExportFormat}`;
const EXPORT_FILES = EXPORT_KINDS.flatMap((kind) => EXPORT_FORMATS.map((format) => `${kind}.${format}` as const)) as [ExportFileName, ...ExportFileName[]];

/** The file of an export: `attendees.csv`, `attendees.xlsx` etc. (one path segment: Next routes no `{kind}.csv` folder). */
export const exportParamsSchema = z.object({
  eventId: uuidString(),
  file: z.enum(EXPORT_FILES, { error: 'errors.invalidInput' }),
});

/** `attendees.xlsx` → its kind and format. */
export function exportFileParts(file: ExportFileName): { kind: ExportKind; format: ExportFormat } {
  const dot = file.lastIndexOf('.');
  return { kind: file.slice(0, dot) as ExportKind, format: file.slice(dot + 1) as ExportFormat };
}

/** `?locale=`: the language of the header and the translated values, when it is not the request's (a link in a page of another language than the browser's). */
export const exportQuerySchema = z.object({ locale: z.enum(['sk', 'cs', 'en'], { error: 'errors.invalidInput' }).optional() });
