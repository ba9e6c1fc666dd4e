import type { AbstractIntlMessages } from 'next-intl';

// Which messages the browser gets: lib/i18n/client-messages.tsx.

/** What the locale layout's client components read: language switcher, api client, online status, error page, form fields. */
export const SHELL_NAMESPACES = ['nav', 'errors', 'global', 'validation', 'errorPage'] as const;

/** Namespaces no fan-facing client component reads: the console's and the server's own (pages, emails). */
const NOT_FOR_FANS = ['organiser', 'payouts', 'report', 'scanner', 'mailbox', 'email', 'terms', 'privacy', 'about', 'home', 'footer', 'meta', 'seo'];

/**
 * `namespaces`: names or dotted paths ('payouts.bankAccount'); 'fan' = every namespace but NOT_FOR_FANS
 * (for routes with many client components: Your tickets, orders, payment), 'all' = the whole catalogue.
 */
export type ClientNamespaces = readonly string[] | 'fan' | 'all';

export function pickMessages(messages: AbstractIntlMessages, namespaces: ClientNamespaces): AbstractIntlMessages {
  if (namespaces === 'all') return messages;
  if (namespaces === 'fan') return Object.fromEntries(Object.entries(messages).filter(([key]) => !NOT_FOR_FANS.includes(key)));
  const picked: Record<string, unknown> = {};
  for (const name of [...SHELL_NAMESPACES, ...namespaces]) {
    const path = name.split('.');
    let source: unknown = messages;
    for (const key of path) source = source && typeof source === 'object' ? (source as Record<string, unknown>)[key] : undefined;
    if (source === undefined) continue;
    let target = picked;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]] = source;
  }
  return picked as AbstractIntlMessages;
}
