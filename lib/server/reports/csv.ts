import 'server-only';
// The one writer of every CSV cell Tribuna exports (event exports, season holders, feedback, settlement,
// redeem codes). Fans' names, feedback, coupon codes, event titles and a scanner's gate name are typed by
// people outside the organisation, and a spreadsheet runs a cell starting with = + - @ (or a tab or
// carriage return before one) as a formula: `=HYPERLINK(…)` in an organiser's Excel (CSV injection,
// OWASP). A text cell that starts so gets a leading single quote, which spreadsheets show as text.
// Whether a cell is text is the column's kind, never the cell's look: an amount like -2.50 that the
// export itself writes stays a number a spreadsheet can add up.
import { stringify } from 'csv-stringify/sync';

export type CsvColumnKind = 'text' | 'number';
/** A column: its row key, its header in the request's language, and its kind (text unless said). */
export type CsvColumn = { key: string; header: string; kind?: CsvColumnKind };

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell a spreadsheet would run as a formula, quoted so it is shown as written. */
export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

type Cell = string | number | null | undefined;

function cellsOf(row: Record<string, Cell>, columns: readonly CsvColumn[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const column of columns) {
    const value = row[column.key];
    const text = value === null || value === undefined ? '' : String(value);
    out[column.key] = column.kind === 'number' ? text : neutraliseCell(text);
  }
  return out;
}

/** The file's start: a BOM (Excel then reads Slovak and Czech right) and the header row. */
export function csvHead(columns: readonly CsvColumn[]): string {
  // A header can be an organiser's own text (a feedback question): it is a text cell too.
  return stringify([], { bom: true, header: true, columns: columns.map((column) => ({ key: column.key, header: neutraliseCell(column.header) })) });
}

/** Rows after the header; csv-stringify quotes every field that needs it (commas, quotes, line breaks). */
export function csvLines(rows: readonly Record<string, Cell>[], columns: readonly CsvColumn[]): string {
  if (!rows.length) return '';
  return stringify(
    rows.map((row) => cellsOf(row, columns)),
    { columns: columns.map((column) => column.key) },
  );
}

/** A whole small file at once: head and rows. */
export function csvFile(rows: readonly Record<string, Cell>[], columns: readonly CsvColumn[]): string {
  return csvHead(columns) + csvLines(rows, columns);
}
