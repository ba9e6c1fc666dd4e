import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { AuditLogView } from '@/components/support/audit-log-view';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { readAuditLog } from '@/lib/server/support/audit-log';

export async function generateMetadata({ params }: PageProps<'/[locale]/admin/audit-log'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'support.audit' });
  return { ...pageMetadata({ locale, href: '/admin/audit-log', title: t('adminTitle') }), robots: { index: false, follow: false } };
}

/** Tribuna admins' audit log of every organisation; anyone else finds no page here (404). */
async function AuditLogScreen({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/admin/audit-log');
  const log = await readAuditLog(user, {});
  if (!log.ok) notFound();
  const t = await getTranslations('support.audit');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('adminTitle')}</h1>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <AuditLogView initial={{ entries: log.entries, more: log.more }} />
    </div>
  );
}

export default async function AdminAuditLogPage({ params }: PageProps<'/[locale]/admin/audit-log'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <AuditLogScreen locale={locale} />
    </Suspense>
  );
}
