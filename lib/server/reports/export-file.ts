import 'server-only';
// The one writer of every file Tribuna exports (event exports, season holders, feedback, settlement,
// redeem codes), as CSV or as an Excel workbook (.xlsx, exceljs). docs/decisions/exports-for-slovak-and-czech-excel.md
//
// A column says what its cells are, and each format writes that kind its own way:
// - text: as written. In CSV a cell starting with = + - @ (or a tab or carriage return) gets a leading
//   single quote, since a spreadsheet runs it as a formula (CSV injection, OWASP): fans' names, feedback,
//   coupon codes and a gate's name are typed by people outside the organisation. An xlsx text cell is a
//   string cell, never a formula.
// - number: counts and ratings. money: an amount in minor units (lib/money.ts) with its row's currency
//   (the column's `currency` names the row key holding it): in xlsx a number cell with two decimals and
//   the currency's sign; in CSV the amount in major units with the locale's decimal mark.
// - time: an instant (Date, or PostgreSQL's text of a timestamptz). Both formats write the wall-clock
//   time of lib/i18n/time-zone.ts (what the office reads on its own clock), never UTC: xlsx a date cell,
//   CSV `2026-05-01 19:30:00`, which Excel reads as a date in every locale.
// - date: a calendar day `YYYY-MM-DD`: an xlsx date cell, in CSV as written.
// CSV is UTF-8 with a BOM, in the dialect the locale's Excel opens with a double click: Slovak and Czech
// Excel split on semicolons and read a decimal comma; English Excel splits on commas and reads a dot.
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import type { Locale } from '@/lib/i18n/routing';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { majorUnits } from '@/lib/money';
import type { ExportFormat } from '@/lib/schemas/reports-live';
import { log } from '@/lib/server/ops/log';

export type { ExportFormat };

export type ExportColumnKind = 'text' | 'number' | 'money' | 'time' | 'date';
/** A column: its row key, its header in the request's language, its kind (text unless said) and, for money, the row key of its currency. */
export type ExportColumn = { key: string; header: string; kind?: ExportColumnKind; currency?: string };
export type ExportCell = string | number | Date | null | undefined;
export type ExportRow = Record<string, ExportCell>;

/** A finished export: its file name (with the format's extension), its type and its bytes as a stream. */
export type ExportFile = { ok: true; filename: string; contentType: string; stream: ReadableStream<Uint8Array> };

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const FORMULA_START = /^[=+\-@\t\r]/;

/** A CSV text cell a spreadsheet would run as a formula, quoted so it is shown as written. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The CSV dialect a locale's Excel opens right: its separator and decimal mark. */
export function csvDialect(locale: Locale): { delimiter: string; decimal: string } {
  return locale === 'en' ? { delimiter: ',', decimal: '.' } : { delimiter: ';', decimal: ',' };
}

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function instantOf(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(typeof value === 'string' && !value.includes('T') && value.includes(' ') ? value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00') : value);
}

/** The wall-clock parts of an instant in Tribuna's time zone. */
function partsOf(value: Date | string | number) {
  const parts = Object.fromEntries(wallClock.formatToParts(instantOf(value)).map((p) => [p.type, p.value]));
  return { year: +parts.year, month: +parts.month, day: +parts.day, hour: +parts.hour, minute: +parts.minute, second: +parts.second };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as local time text: 2026-05-01 19:30:00 (Europe/Bratislava). */
export function localTimeText(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const p = partsOf(value);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** A spreadsheet's date cell has no zone: the Date whose UTC fields are the local wall clock. */
function spreadsheetTime(value: Date | string | number): Date {
  const p = partsOf(value);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}

const CURRENCY_SIGN: Record<string, string> = { EUR: '€', CZK: 'Kč' };

/** The number format of an amount: thousands grouped, two decimals, the currency's sign after it. */
export function moneyFormat(currency: string | undefined): string {
  const sign = currency ? (CURRENCY_SIGN[currency] ?? currency) : '';
  return sign ? `#,##0.00 "${sign}"` : '#,##0.00';
}

const empty = (value: ExportCell) => value === null || value === undefined || value === '';

function csvCell(value: ExportCell, column: ExportColumn, decimal: string): string {
  if (empty(value)) return '';
  switch (column.kind ?? 'text') {
    case 'money':
      return majorUnits(value as number | string).replace('.', decimal);
    case 'number':
      return String(value).replace('.', decimal);
    case 'time':
      return localTimeText(value as Date | string);
    case 'date':
      return value instanceof Date ? value.toISOString().slice(0, 10) : String(value);
    default:
      return neutraliseCell(String(value));
  }
}

function xlsxCell(value: ExportCell, column: ExportColumn): ExcelJS.CellValue {
  if (empty(value)) return null;
  switch (column.kind ?? 'text') {
    case 'money':
      return Number(majorUnits(value as number | string));
    case 'number':
      return Number(value);
    case 'time':
      return spreadsheetTime(value as Date | string);
    case 'date':
      return new Date(`${value instanceof Date ? value.toISOString().slice(0, 10) : String(value)}T00:00:00Z`);
    default:
      return String(value);
  }
}

const COLUMN_FORMATS: Partial<Record<ExportColumnKind, string>> = { time: 'd.m.yyyy h:mm:ss', date: 'd.m.yyyy' };

/** The CSV file's start: a BOM (Excel then reads Slovak and Czech right) and the header row. */
export function csvHead(columns: readonly ExportColumn[], locale: Locale): string {
  // A header can be an organiser's own text (a feedback question): it is a text cell too.
  return '\ufeff' + stringify([columns.map((column) => neutraliseCell(column.header))], { delimiter: csvDialect(locale).delimiter });
}

/** CSV rows after the header; csv-stringify quotes every field that needs it (separators, quotes, line breaks). */
export function csvLines(rows: readonly ExportRow[], columns: readonly ExportColumn[], locale: Locale): string {
  if (!rows.length) return '';
  const { delimiter, decimal } = csvDialect(locale);
  return stringify(
    rows.map((row) => columns.map((column) => csvCell(row[column.key], column, decimal))),
    { delimiter },
  );
}

type Batches = AsyncIterable<readonly ExportRow[]>;

function csvStream(columns: readonly ExportColumn[], batches: Batches, locale: Locale, what: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(csvHead(columns, locale)));
      },
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else if (next.value.length) controller.enqueue(encoder.encode(csvLines(next.value, columns, locale)));
        } catch (error) {
          // The database gone half-way: the download ends with an error rather than looking complete.
          log().error({ err: error }, `Export ${what} failed`);
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    // Read one batch ahead of the reader at most.
    { highWaterMark: 1 },
  );
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Export';
}

function xlsxStream(columns: readonly ExportColumn[], batches: Batches, sheet: string, what: string): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Tribuna';
    const worksheet = workbook.addWorksheet(sheetName(sheet), { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = columns.map((column) => ({
      key: column.key,
      header: column.header,
      width: Math.min(48, Math.max(12, column.header.length + 2)),
      style: COLUMN_FORMATS[column.kind ?? 'text'] ? { numFmt: COLUMN_FORMATS[column.kind ?? 'text'] } : column.kind === 'money' ? { numFmt: moneyFormat(undefined) } : {},
    }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(1).commit();
    for await (const batch of batches) {
      for (const source of batch) {
        const row = worksheet.addRow(columns.map((column) => xlsxCell(source[column.key], column)));
        columns.forEach((column, i) => {
          if (column.kind === 'money') row.getCell(i + 1).numFmt = moneyFormat(column.currency ? String(source[column.currency] ?? '') : undefined);
        });
        row.commit();
      }
    }
    worksheet.commit();
    await workbook.commit();
  })().catch((error) => {
    log().error({ err: error }, `Export ${what} failed`);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/**
 * An export in a format: `name` is the file's name without its extension, `sheet` the worksheet's title;
 * `batches` yields rows a batch at a time (read only as the download goes on).
 */
export function exportFile(options: {
  format: ExportFormat;
  name: string;
  sheet: string;
  columns: readonly ExportColumn[];
  batches: Batches;
  locale: Locale;
  what: string;
}): ExportFile {
  const { format, name, sheet, columns, batches, locale, what } = options;
  const stream = format === 'xlsx' ? xlsxStream(columns, batches, sheet, what) : csvStream(columns, batches, locale, what);
  return { ok: true, filename: `${name}.${format}`, contentType: CONTENT_TYPES[format], stream };
}

/** A list already in memory, as one batch. */
export async function* oneBatch(rows: readonly ExportRow[]): AsyncGenerator<readonly ExportRow[]> {
  yield rows;
}

/** An async source of single rows, in batches of `size`. */
export async function* batchesOf(rows: AsyncIterable<ExportRow>, size = 1000): AsyncGenerator<readonly ExportRow[]> {
  let batch: ExportRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** The HTTP answer of an export: an attachment, never cached. */
export function exportResponse(file: ExportFile): Response {
  return new Response(file.stream, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"`, 'cache-control': 'private, no-store' },
  });
}
