import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MyOrdersLink } from '@/components/orders/my-orders-link';
import { SeasonRenewals } from '@/components/seasons/season-renewals';
import { TicketsOfPage } from '@/components/tickets/tickets-of-page';
import { TicketsWallet } from '@/components/tickets/tickets-wallet';
import { MyWaitingLists } from '@/components/waiting-list/my-waiting-lists';
import { Link } from '@/lib/i18n/navigation';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { isSignedInShell } from '@/lib/server/auth/shared-shell';
import { listMyTickets } from '@/lib/server/tickets/list';

export async function generateMetadata({ params }: PageProps<'/[locale]/tickets'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'tickets' });
  return pageMetadata({ locale, href: '/tickets', title: t('title') });
}

const busy = <p aria-busy="true" className="h-24" />;

async function TicketsForViewer() {
  // The shell every signed-in fan shares: each fan's tickets come with their answer (lib/server/serving/page-cache.ts).
  if (await isSignedInShell()) {
    return (
      <>
        <MyOrdersLink />
        <SeasonRenewals />
        <MyWaitingLists />
        <TicketsOfPage busy={busy} />
      </>
    );
  }
  const [t, user] = await Promise.all([getTranslations('tickets'), getCurrentUser()]);
  if (!user) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-6">
        <p>{t('signInRequired')}</p>
        <Link href={{ pathname: '/signin', query: { next: '/tickets' } }} className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white">
          {t('signInCta')}
        </Link>
      </div>
    );
  }
  const data = await listMyTickets(user);
  return (
    <>
      <MyOrdersLink />
      <SeasonRenewals />
      <MyWaitingLists />
      <TicketsWallet initial={data} userId={user.id} renderedAt={Date.now()} />
    </>
  );
}

export default async function TicketsPage({ params }: PageProps<'/[locale]/tickets'>) {
  setRequestLocale((await params).locale as Locale);
  const t = await getTranslations('tickets');
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <Suspense fallback={busy}>
        <TicketsForViewer />
      </Suspense>
    </div>
  );
}
