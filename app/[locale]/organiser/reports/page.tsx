import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { OverviewView } from '@/components/organiser/reports/overview-view';
import type { Locale } from '@/lib/i18n/routing';
import { overviewQuerySchema } from '@/lib/schemas/reports';
import { consolePage } from '@/lib/server/organiser/console';
import { organisationOverview } from '@/lib/server/reports/overview';
import { orgScreenMetadata } from '../console-page';

type Props = PageProps<'/[locale]/organiser/reports'>;

export const generateMetadata = orgScreenMetadata('/organiser/reports', 'report.overview.title');

const one = (value: string | string[] | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The current organisation's events of a period (a GET form: works without JavaScript) with sales, money and attendance. */
async function OverviewScreen({ locale, from, to }: { locale: Locale; from?: string; to?: string }) {
  const access = await consolePage(locale, '/organiser/reports', 'events');
  const t = await getTranslations();
  if (!access.ok) return <ConsoleFrame access={access} title={t('report.overview.title')} />;
  const query = overviewQuerySchema.safeParse({ organisation: access.org.id, from, to });
  // A range the form cannot send (a day that does not exist, an end before the start): said, and the default period shown.
  const refusal = query.success ? null : t(query.error.issues[0].message as Parameters<typeof t>[0]);
  const result = await organisationOverview(access.context.user.id, query.success ? query.data : { organisation: access.org.id });
  return (
    <ConsoleFrame access={access} title={t('report.overview.title')}>
      {result.ok && <OverviewView overview={result.overview} asked={{ from, to }} refusal={refusal} />}
    </ConsoleFrame>
  );
}

export default function ReportsPage({ params, searchParams }: Props) {
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <Asked params={params} searchParams={searchParams} />
    </Suspense>
  );
}

/** The URL is read inside the Suspense boundary: the console's shell streams at once. */
async function Asked({ params, searchParams }: Pick<Props, 'params' | 'searchParams'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const query = await searchParams;
  return <OverviewScreen locale={locale} from={one(query.from)} to={one(query.to)} />;
}
