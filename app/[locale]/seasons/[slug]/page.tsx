import { textIn } from '@/lib/localized-text';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SeasonPicker } from '@/components/seasons/season-picker';
import { formatDateTime, formatMoney } from '@/components/tickets/format';
import { getPathname, Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { cookies } from 'next/headers';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { admissionCookie, admissionIn, queuedSeasonId } from '@/lib/server/queue/admission';
import { seasonSale } from '@/lib/server/seasons/sale';

export async function generateMetadata({ params }: PageProps<'/[locale]/seasons/[slug]'>) {
  const { locale, slug } = await params;
  // What is on sale is decided at request time (seasonSale reads the clock).
  await connection();
  const t = await getTranslations({ locale: locale as Locale, namespace: 'seasons.sale' });
  const sale = await seasonSale(slug, null);
  return pageMetadata({ locale: locale as Locale, href: { pathname: '/seasons/[slug]', params: { slug } }, title: t('metaTitle', { name: sale?.name[locale as Locale] ?? '' }) });
}

/** What depends on the viewer: their seats to renew, the payment they gave up, the map and the buy button. */
async function SeasonForViewer({ locale, slug, searchParams }: { locale: Locale; slug: string; searchParams: PageProps<'/[locale]/seasons/[slug]'>['searchParams'] }) {
  const user = await getCurrentUser();
  const found = await seasonSale(slug, user?.id ?? null);
  if (!found) return null;
  // A queued season sale: the fan's admission from its waiting room, if any; one given in the presale
  // window lets them choose seats before the sale opens (as the season hold then lets them: season_hold).
  const queued = await queuedSeasonId(found.id);
  const admission = queued && user ? admissionIn((await cookies()).get(admissionCookie(queued))?.value, user.id, queued) : null;
  const presale = admission?.ok === true && admission.presale && found.saleOpensAt !== null && (found.saleClosesAt === null || Date.parse(found.saleClosesAt) > Date.now());
  const sale = presale ? { ...found, saleOpen: true } : found;
  const t = await getTranslations('seasons.sale');
  const tq = queued && !admission?.ok ? await getTranslations('queue') : null;
  const cancelled = (await searchParams).payment === 'cancelled';
  const here = getPathname({ locale, href: { pathname: '/seasons/[slug]', params: { slug } } });
  return (
    <>
      {cancelled && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          {t('paymentCancelled')}
        </p>
      )}
      {tq && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <Link href={{ pathname: '/seasons/[slug]/queue', params: { slug: sale.slug } }} className="font-semibold text-emerald-900 underline underline-offset-2" data-testid="join-queue">
            {tq('joinQueue')}
          </Link>
        </p>
      )}
      <p className="font-medium">{sale.saleOpen ? t('saleOpen') : t('saleNotOpen')}</p>
      {sale.renewalOpen && sale.renewalClosesAt && <p>{t('renewalOpen', { date: formatDateTime(sale.renewalClosesAt, locale) })}</p>}
      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="season-matches" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="season-matches" className="mb-2 text-xl font-semibold">
            {t('matchesTitle')}
          </h2>
          {sale.matches.length === 0 ? (
            <p>{t('noMatches')}</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {sale.matches.map((m) => (
                <li key={m.id} className="py-2">
                  <Link href={{ pathname: '/events/[id]', params: { id: m.slug } }} className="font-medium text-emerald-800 underline">
                    {textIn(m.title, locale)}
                  </Link>
                  <span className="block text-sm text-slate-700">{formatDateTime(m.startsAt, locale)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="season-prices" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="season-prices" className="mb-2 text-xl font-semibold">
            {t('pricesTitle')}
          </h2>
          <ul className="divide-y divide-slate-200">
            {sale.prices.map((p) => (
              <li key={p.categoryId} className="flex justify-between gap-3 py-2">
                <span>{textIn(p.name, locale)}</span>
                <span className="font-medium">{formatMoney(p.price, sale.currency, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {sale.matches.length > 0 && <SeasonPicker sale={sale} locale={locale} signedIn={Boolean(user)} signInNext={here} />}
    </>
  );
}

// The season is looked up before anything renders, so an unknown one answers with HTTP 404; the rest
// depends on the viewer and streams in.
export const instant = false;

/** A season's ticket sale: its remaining matches, prices and the seat map for the whole season. */
export default async function SeasonSalePage({ params, searchParams }: PageProps<'/[locale]/seasons/[slug]'>) {
  const { locale: raw, slug } = await params;
  const locale = raw as Locale;
  setRequestLocale(locale);
  await connection();
  const sale = await seasonSale(slug, null);
  if (!sale) notFound();
  const t = await getTranslations('seasons.sale');
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{sale.name[locale]}</h1>
      <p className="text-slate-700">
        {t('intro')} {sale.venue.name}, {sale.venue.city}.
      </p>
      <Suspense fallback={<div aria-busy="true" className="h-96 animate-pulse rounded-xl bg-slate-100" />}>
        <SeasonForViewer locale={locale} slug={slug} searchParams={searchParams} />
      </Suspense>
    </div>
  );
}
