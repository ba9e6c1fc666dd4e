import type { ReactNode } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';

// The console reports' tables (the event report, the organisation's overview): one look for their
// headings, numeric cells and the box a narrow phone scrolls sideways.

export const th = 'px-3 py-2 text-left font-semibold text-slate-900';
export const thNum = 'px-3 py-2 text-right font-semibold text-slate-900';
export const td = 'px-3 py-2 text-slate-800';
export const tdNum = 'px-3 py-2 text-right tabular-nums text-slate-800';

/** A table's box: a narrow phone scrolls it sideways, by keyboard too (a focusable region named like the table). */
export function Scroller({ label, labelledBy, children }: { label?: string; labelledBy?: string; children: ReactNode }) {
  return (
    <ScrollRegion label={label} labelledBy={labelledBy} className="rounded-xl border border-slate-200 bg-white">
      {children}
    </ScrollRegion>
  );
}

/**
 * A report table: its caption (for screen readers), the column headings — the first names the rows
 * (null: an empty corner), the others are figures, right-aligned — and the rows.
 */
export function ReportTable({ caption, columns: [first, ...figures], children }: { caption?: string; columns: [string | null, ...string[]]; children: ReactNode }) {
  return (
    <table className="w-full border-collapse text-sm">
      {caption !== undefined && <caption className="sr-only">{caption}</caption>}
      <thead className="border-b border-slate-300">
        <tr>
          {first === null ? (
            <td className={th} />
          ) : (
            <th scope="col" className={th}>
              {first}
            </th>
          )}
          {figures.map((label) => (
            <th key={label} scope="col" className={thNum}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">{children}</tbody>
    </table>
  );
}
