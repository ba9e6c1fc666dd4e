import { getTranslations, setRequestLocale } from 'next-intl/server';
import { connection } from 'next/server';
import { EmailLinkPage, InvalidEmailLink, queryValue } from '@/components/auth/email-link';
import { UnsubscribeConfirm } from '@/components/notifications/unsubscribe-confirm';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { readUnsubscribeToken } from '@/lib/server/notifications/token';

export async function generateMetadata({ params }: PageProps<'/[locale]/notifications/unsubscribe'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'notifications.unsubscribe' });
  return { ...pageMetadata({ locale, href: '/notifications/unsubscribe', title: t('title') }), robots: { index: false } };
}

/**
 * The landing page of a notification email's unsubscribe link. Opening it changes nothing (mail scanners
 * open links too): the button turns that topic's email off (POST /api/v1/notifications/unsubscribe).
 */
async function FromLink({ searchParams }: { searchParams: PageProps<'/[locale]/notifications/unsubscribe'>['searchParams'] }) {
  const token = queryValue((await searchParams).token);
  await connection();
  const claim = readUnsubscribeToken(token);
  const t = await getTranslations('notifications');
  if (!claim) {
    return <InvalidEmailLink message={t('unsubscribe.invalid')} next={{ href: '/profile', label: t('unsubscribe.profile') }} />;
  }
  return <UnsubscribeConfirm token={token} topic={t(`topics.${claim.topic}`)} />;
}

export default async function UnsubscribePage({ params, searchParams }: PageProps<'/[locale]/notifications/unsubscribe'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('notifications.unsubscribe');
  return (
    <EmailLinkPage title={t('title')}>
      <FromLink searchParams={searchParams} />
    </EmailLinkPage>
  );
}
