import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense, type ReactNode } from 'react';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { ApiClientBridge } from '@/components/auth/api-client-bridge';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { MobileTabs } from '@/components/layout/mobile-tabs';
import { Providers } from '@/components/layout/providers';
import { appUrl } from '@/lib/app-url';
import { INTL_WARM_UP_SCRIPT } from '@/lib/intl-warm-up';
import { pickMessages } from '@/lib/i18n/pick-messages';
import { routing } from '@/lib/i18n/routing';
import { HeaderAccount, TabAccount } from './_auth/account';
import { ServerSessionSeed } from './_auth/session-seed';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: LayoutProps<'/[locale]'>): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale, namespace: 'meta' });
  // Canonical, hreflang and Open Graph URLs name APP_URL of the running server, not of the build: the
  // metadata streams in with the page's other request-time parts (crawlers get it in <head>, blocking).
  await connection();
  return {
    metadataBase: new URL(appUrl()),
    title: { default: `${t('siteName')} · ${t('tagline')}`, template: `%s · ${t('siteName')}` },
    description: t('description'),
    applicationName: t('siteName'),
    manifest: '/manifest.webmanifest',
    icons: { icon: '/icon.svg' },
  };
}

export const viewport: Viewport = { themeColor: '#05603a', width: 'device-width', initialScale: 1 };

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const [t, messages] = await Promise.all([getTranslations({ locale, namespace: 'nav' }), getMessages({ locale })]);

  return (
    <html lang={locale}>
      <head>
        {/* Runs while the page is parsed, before the first paint (lib/intl-warm-up.ts says why). */}
        <script dangerouslySetInnerHTML={{ __html: INTL_WARM_UP_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col">
        {/* The browser gets the shell's message namespaces only; routes add theirs (lib/i18n/client-messages.tsx). */}
        <NextIntlClientProvider messages={pickMessages(messages, [])}>
          <Providers>
            <ApiClientBridge />
            <Suspense fallback={null}>
              <ServerSessionSeed />
            </Suspense>
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
            >
              {t('skipToContent')}
            </a>
            <Header account={<HeaderAccount />} />
            <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-24 pt-6 md:pb-12">
              {children}
            </main>
            <Footer />
            <MobileTabs account={<TabAccount />} />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
