import { NextIntlClientProvider } from 'next-intl';
import { getMessages, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages, type ClientNamespaces } from './pick-messages';
import type { Locale } from './routing';

// The messages the browser gets (issue 17: each page only the namespaces it uses). Server components
// translate on the server and send text; only client components read messages in the browser, and the
// catalogue is ~95 kB of JSON per language, most of it the organiser console's. The locale layout hands
// its client parts (header, api client toasts, offline toast, error page, form fields) SHELL_NAMESPACES;
// a route whose client components need more wraps them in <ClientMessages> (in its layout), which
// replaces the layout's provider with the shell's namespaces plus its own.

/** A client messages provider for what it wraps: the shell's namespaces plus `namespaces`. */
export async function ClientMessages({ locale, namespaces, children }: { locale: string; namespaces: ClientNamespaces; children: ReactNode }) {
  // A layout may render before the locale layout has set the request's locale: set here, never read from headers.
  const lang = locale as Locale;
  setRequestLocale(lang);
  const messages = await getMessages({ locale: lang });
  return (
    <NextIntlClientProvider locale={lang} messages={pickMessages(messages, namespaces)}>
      {children}
    </NextIntlClientProvider>
  );
}
