import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { consoleMetadata } from './metadata';

export async function generateMetadata({ params }: PageProps<'/[locale]/organiser'>) {
  return consoleMetadata((await params).locale as Locale, '/organiser', 'organiser.title');
}

/** The console's entry: owners and managers go to their events; a scanner is told where the gate is. */
async function ConsoleHome({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser', 'events');
  if (access.ok) redirect({ href: '/organiser/events', locale });
  return <ConsoleFrame access={access} title={(await getTranslations('organiser'))('title')} />;
}

export default async function OrganiserPage({ params }: PageProps<'/[locale]/organiser'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <ConsoleHome locale={locale} />
    </Suspense>
  );
}
