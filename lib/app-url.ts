/** The public origin of the site, for absolute URLs (sitemaps, canonical links, emails). */
export function appUrl(): string {
  return (process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
}
