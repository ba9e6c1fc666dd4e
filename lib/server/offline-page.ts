import 'server-only';
import { getPathname } from '@/lib/i18n/pathname';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/server/api/translate';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The site's icon (public/icon.svg), inline: the page must draw with nothing else from the network.
const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="40" height="40" aria-hidden="true"><rect width="64" height="64" rx="14" fill="#05603a"/><path d="M14 22h36v6a4 4 0 0 0 0 8v6H14v-6a4 4 0 0 0 0-8z" fill="#fbbf24"/><path d="M36 22v20" stroke="#05603a" stroke-width="2" stroke-dasharray="3 3"/></svg>';

/**
 * The branded page the service worker (public/sw.js) shows for a page it has no copy of while the
 * device is offline: one self-contained HTML file per language (styles and logo inline, no script),
 * stored by the worker beforehand, with a link to Your tickets, which open offline.
 */
export function offlinePageHtml(locale: Locale): string {
  const t = translator(locale);
  const tickets = getPathname({ locale, href: '/tickets' });
  const title = escape(t('offlinePage.title'));
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#05603a">
<meta name="robots" content="noindex">
<title>${title} · Tribuna</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
header{background:#064e3b;color:#fff}
header div{max-width:72rem;margin:0 auto;height:3.5rem;display:flex;align-items:center;padding:0 1rem;font-size:1.125rem;font-weight:700;letter-spacing:-.01em}
main{max-width:36rem;margin:0 auto;padding:3rem 1rem;text-align:center}
main svg{width:4rem;height:4rem}
h1{font-size:1.875rem;line-height:1.2;margin:1rem 0 .75rem}
p{margin:0 0 1.5rem;color:#334155;font-size:1.0625rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center}
a{display:inline-block;border-radius:.5rem;padding:.75rem 1.25rem;font-weight:600;text-decoration:none}
.primary{background:#065f46;color:#fff}
.primary:hover{background:#047857}
.secondary{border:1px solid #cbd5e1;background:#fff;color:#1e293b}
a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style>
</head>
<body>
<header><div>Tribuna</div></header>
<main data-testid="offline-page">
${ICON}
<h1>${title}</h1>
<p>${escape(t('offlinePage.lead'))}</p>
<div class="actions">
<a class="primary" href="${escape(tickets)}">${escape(t('offlinePage.toTickets'))}</a>
<a class="secondary" href="">${escape(t('offlinePage.retry'))}</a>
</div>
</main>
</body>
</html>
`;
}
