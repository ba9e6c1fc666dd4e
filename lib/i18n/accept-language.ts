// The Accept-Language match: one rule for lib/i18n/resolve-locale.ts and the production server's
// refusals (lib/server/serving/request-guard.ts).

/** The supported locale the browser prefers most, by q-value then order; null when none fits. */
export function matchAcceptLanguage<L extends string>(header: string | string[] | null | undefined, supported: readonly L[]): L | null {
  const ranges = String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const primary = range.tag.split('-')[0];
    const match = supported.find((l) => l === primary);
    if (match) return match;
  }
  return null;
}
