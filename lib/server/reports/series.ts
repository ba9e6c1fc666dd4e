import 'server-only';

// Time series of the reports: the database groups rows into buckets, these lay the buckets out with
// the empty ones in between, so a chart's axis is time and a quiet hour shows as a zero.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** `count` buckets of `step` ms from `start`, each the value grouped under its start, else `empty()`. */
export function evenSeries<T>(start: number, step: number, count: number, grouped: Map<number, T>, empty: () => T): (T & { at: string })[] {
  return Array.from({ length: count }, (_, i) => {
    const at = start + i * step;
    return { ...(grouped.get(at) ?? empty()), at: new Date(at).toISOString() };
  });
}

/** Every calendar day from `first` to `last` (YYYY-MM-DD, both included). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00Z`);
  for (let at = Date.parse(`${first}T00:00:00Z`); at <= end; at += 24 * HOUR) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** `at` rounded down to a multiple of `step` counted from `origin`. */
export function floorTo(at: number, step: number, origin = 0): number {
  return origin + Math.floor((at - origin) / step) * step;
}
