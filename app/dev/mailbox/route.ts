// GET /dev/mailbox — the demo's mailbox: every email in the outbox with its body and links (?to= filters).
// Only in the demo and only for a request from the machine itself (mailboxAccess); a deployment answers 404.
import { connection } from 'next/server';
import { isLocale } from '@/lib/i18n/routing';
import { hasControlCharacters } from '@/lib/schemas/primitives';
import { requestLocale } from '@/lib/server/api/request-locale';
import { translator } from '@/lib/server/api/translate';
import { escapeHtml, listOutbox } from '@/lib/server/email';
import { mailboxAccess } from '@/lib/server/mode';
import { siteRoute } from '@/lib/server/site-route';

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

// While the database is away: 503 with Retry-After (siteRoute).
export const GET = siteRoute(async (request: Request): Promise<Response> => {
  await connection();
  const access = mailboxAccess();
  if (access === 'absent') return new Response('Not found', { status: 404 });
  const url = new URL(request.url);
  const lang = url.searchParams.get('lang');
  const locale = isLocale(lang) ? lang : requestLocale(request);
  const t = translator(locale);
  if (access !== 'open') {
    return new Response(t('mailbox.localOnly'), { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const to = url.searchParams.get('to') ?? undefined;
  // No address holds a control character (and PostgreSQL refuses NUL in text): such a filter finds nothing.
  const mails = to && hasControlCharacters(to) ? [] : await listOutbox({ to, limit: 100 });
  const items = mails
    .map(
      (mail) => `<article class="mail" data-to="${escapeHtml(mail.to)}" data-kind="${escapeHtml(mail.kind)}">
  <h2>${escapeHtml(mail.subject)}</h2>
  <dl>
    <dt>${escapeHtml(t('mailbox.to'))}</dt><dd class="to">${escapeHtml(mail.to)}</dd>
    <dt>${escapeHtml(t('mailbox.kind'))}</dt><dd>${escapeHtml(mail.kind)} · ${mail.locale}</dd>
    <dt>${escapeHtml(t('mailbox.sentAt'))}</dt><dd><time datetime="${mail.createdAt.toISOString()}">${mail.createdAt.toISOString()}</time> · ${escapeHtml(mail.sentAt ? t('mailbox.delivered') : mail.error ? mail.error : t('mailbox.notDelivered'))}</dd>
  </dl>
  <pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('mailbox.title'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#0f172a}.mail{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0;background:#fff}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;font-size:.9rem}dt{color:#475569}dd{margin:0}pre{white-space:pre-wrap;font-family:inherit;background:#f8fafc;padding:.75rem;border-radius:.5rem}a{color:#065f46}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t('mailbox.title'))}</h1>
<p>${escapeHtml(t('mailbox.lead'))}</p>
${items || `<p>${escapeHtml(t('mailbox.empty'))}</p>`}
</main>
</body>
</html>`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' } });
});
