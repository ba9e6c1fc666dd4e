'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { TIME_ZONE } from '@/lib/i18n/time-zone';
import { dateTimeFormat } from '@/lib/i18n/formats';

// A chart of the console's reports, drawn by uPlot on a canvas, with its table behind it: the table is
// always in the page (for screen readers only while the chart shows; the canvas is hidden from them),
// and "Show as table" swaps the two for everyone. uPlot is imported when the chart mounts, so only the
// console's report screens ever load it (README, Decisions).

export type ChartSeries = { label: string; values: number[]; color: string };

const HEIGHT = 220;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The x axis: times of day (ticks from 5 minutes to 6 hours apart) or days (a day to a week apart), in the page's language. */
const X_AXES = {
  time: { incrs: [5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR], format: { hour: '2-digit', minute: '2-digit' } },
  day: { incrs: [DAY, 2 * DAY, 7 * DAY], format: { day: 'numeric', month: 'numeric' } },
} as const satisfies Record<string, { incrs: number[]; format: Intl.DateTimeFormatOptions }>;

export function ReportChart({
  title,
  toggleLabel,
  xs,
  series,
  kind,
  axis,
  stepLabel,
  children,
}: {
  title: string;
  toggleLabel: string;
  /** The buckets' starts, ms since the epoch. */
  xs: number[];
  series: ChartSeries[];
  /** Bars for counts per bucket of one series; lines (filled) for several. */
  kind: 'bars' | 'lines';
  /** Buckets within a day (times on the axis) or days. */
  axis: keyof typeof X_AXES;
  /** What one bucket is ("5 minutes"), said under the title. */
  stepLabel?: string;
  /** The same figures as a table. */
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const locale = useLocale();

  useEffect(() => {
    if (asTable || !box.current) return;
    const target = box.current;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const bars = UPlot.paths.bars?.({ size: [0.7, 48], align: 1 });
      const tick = dateTimeFormat(locale, X_AXES[axis].format);
      const options: uPlot.Options = {
        width: Math.max(target.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), TIME_ZONE),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.1))] } },
        axes: [
          {
            stroke: '#334155',
            grid: { stroke: '#e2e8f0' },
            ticks: { stroke: '#cbd5e1' },
            incrs: [...X_AXES[axis].incrs],
            values: (_u, splits) => splits.map((ts) => tick.format(new Date(ts * 1000))),
          },
          { stroke: '#334155', grid: { stroke: '#e2e8f0' }, ticks: { stroke: '#cbd5e1' }, size: 44, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] },
        ],
        series: [
          {},
          ...series.map((s) =>
            kind === 'bars'
              ? { label: s.label, stroke: s.color, fill: s.color, width: 0, paths: bars, points: { show: false } }
              : { label: s.label, stroke: s.color, fill: `${s.color}33`, width: 2, points: { show: false } },
          ),
        ],
      };
      chart = new UPlot(options, [xs.map((x) => x / 1000), ...series.map((s) => s.values)], target);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(target.clientWidth, 200), height: HEIGHT }));
      observer.observe(target);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [asTable, xs, series, kind, axis, locale]);

  return (
    <figure aria-labelledby={headingId} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <figcaption id={headingId}>
          <span className="font-semibold text-slate-900">{title}</span>
          {stepLabel && <span className="block text-sm text-slate-700">{stepLabel}</span>}
        </figcaption>
        <button
          type="button"
          aria-pressed={asTable}
          aria-describedby={headingId}
          onClick={() => setAsTable((v) => !v)}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-pressed:border-emerald-800 aria-pressed:bg-emerald-50"
        >
          {toggleLabel}
        </button>
      </div>
      {!asTable && (
        <div aria-hidden="true" className="space-y-2">
          {series.length > 1 && (
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
              {series.map((s) => (
                <li key={s.label} className="flex items-center gap-1.5">
                  <span className="inline-block size-3 rounded-sm" style={{ backgroundColor: s.color }} />
                  {s.label}
                </li>
              ))}
            </ul>
          )}
          <div ref={box} data-testid="report-chart" className="w-full overflow-hidden" style={{ minHeight: HEIGHT }} />
        </div>
      )}
      {asTable ? (
        // Keyboard users can scroll a wide table on a phone.
        <div role="region" aria-labelledby={headingId} tabIndex={0} className="overflow-x-auto">
          {children}
        </div>
      ) : (
        <div className="sr-only">{children}</div>
      )}
    </figure>
  );
}
