import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleFrame, ConsoleSkeleton } from '@/components/organiser/console-frame';
import { SettlementDocuments } from '@/components/documents/settlement-documents';
import { SettlementPeriodForm } from '@/components/organiser/settlement-period-form';
import { SettlementStatement } from '@/components/organiser/settlement-statement';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { settlementQuerySchema } from '@/lib/schemas/settlements';
import { consolePage } from '@/lib/server/organiser/console';
import { currentMonth, organiserSettlement, settlementEvents } from '@/lib/server/reports/settlement';
import { orgScreenMetadata } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/settlements', 'organiser.settlements.title');

type Search = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The current organisation's settlement for a period (this month by default): the period and event come
 * from the URL (a GET form, so it works without JavaScript), the statement is read on the server.
 */
async function SettlementsScreen({ locale, searchParams }: { locale: Locale; searchParams: Promise<Search> }) {
  const access = await consolePage(locale, '/organiser/settlements', 'payouts');
  const t = await getTranslations('organiser.settlements');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const search = await searchParams;
  const month = currentMonth();
  const events = await settlementEvents(access.context.user.id, access.org.id, locale);
  const event = one(search.event) || '';
  // One event without a period (its tab's link): the event's whole statement, from the day it was created.
  const since = (event && events.ok && events.events.find((e) => e.id === event)?.createdOn) || month.from;
  const values = { from: one(search.from) || since, to: one(search.to) || month.to, event };
  const parsed = settlementQuerySchema.safeParse({ organisation: access.org.id, from: values.from, to: values.to, event: values.event || undefined });
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const statement = parsed.success ? await organiserSettlement(access.context.user.id, parsed.data, locale) : null;
  const csvHref = parsed.success
    ? `/api/v1/organiser/settlements.csv?${new URLSearchParams({ organisation: access.org.id, from: parsed.data.from, to: parsed.data.to, ...(parsed.data.event ? { event: parsed.data.event } : {}) })}`
    : null;
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <div className="space-y-8">
        <p className="max-w-3xl text-slate-700">{t('intro')}</p>
        <p>
          <Link href="/organiser/payouts" className="font-medium text-emerald-900 underline underline-offset-2">
            {t('payoutsLink')}
          </Link>
        </p>
        <SettlementPeriodForm values={values} errors={errors} events={events.ok ? events.events : []} />
        {statement?.ok ? (
          <>
            <SettlementStatement settlement={statement.settlement} csvHref={csvHref!} />
            {parsed.success && <SettlementDocuments organisation={access.org.id} from={parsed.data.from} to={parsed.data.to} locale={locale} />}
          </>
        ) : (
          statement && <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">{t('eventNotFound')}</p>
        )}
      </div>
    </ConsoleFrame>
  );
}

export default async function SettlementsPage({ params, searchParams }: PageProps<'/[locale]/organiser/settlements'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <SettlementsScreen locale={locale} searchParams={searchParams} />
    </Suspense>
  );
}
