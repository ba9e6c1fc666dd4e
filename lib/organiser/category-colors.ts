// The colours new price categories take, in order: each new category gets the first one no category of
// the event has yet, so a plan with several categories tells them apart at a glance (the same blue for
// every category was the console's old default). Chosen far apart in hue and dark enough for white text
// and a white seat outline (contrast ≥ 3:1). No 'server-only': the form proposes the same colour the
// server would pick.
export const CATEGORY_PALETTE = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2', '#65a30d', '#4b5563', '#9a3412'] as const;

/** The first colour of the palette none of `used` has; past the palette, it starts again by count. */
export function nextCategoryColor(used: readonly string[]): string {
  const taken = new Set(used.map((color) => color.toLowerCase()));
  return CATEGORY_PALETTE.find((color) => !taken.has(color)) ?? CATEGORY_PALETTE[used.length % CATEGORY_PALETTE.length];
}
