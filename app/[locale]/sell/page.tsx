import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FormPlaceholder } from '@/components/auth/auth-card';
import { ApplicationForm } from '@/components/onboarding/application-form';
import { ApplicationStatus } from '@/components/onboarding/application-status';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { myApplication } from '@/lib/server/onboarding/applications';

export async function generateMetadata({ params }: PageProps<'/[locale]/sell'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'onboarding.apply' });
  return { ...pageMetadata({ locale, href: '/sell', title: t('title'), description: t('intro') }), robots: { index: false } };
}

/**
 * The signed-in person's application: its status and Tribuna's message, and the form — empty for a new
 * application (none yet, or the last one rejected), filled in for the open one (waiting, or changes asked).
 */
async function Application({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/sell');
  const application = await myApplication(user);
  const open = application?.status === 'pending' || application?.status === 'changes_requested';
  return (
    <>
      {application && <ApplicationStatus application={application} />}
      {application?.status !== 'approved' && (
        <ApplicationForm
          key={application?.id ?? 'new'}
          editing={open}
          initial={
            open && application
              ? {
                  name: application.name,
                  kind: application.kind,
                  country: application.country,
                  legalName: application.legalName,
                  legalForm: application.legalForm,
                  street: application.street,
                  city: application.city,
                  postcode: application.postcode,
                  ico: application.ico,
                  dic: application.dic,
                  vatRegistered: application.vatRegistered,
                  vatId: application.vatId,
                  iban: application.iban,
                  bic: application.bic,
                  contactEmail: application.contactEmail,
                  contactPhone: application.contactPhone,
                  language: application.language,
                  currency: application.currency,
                }
              : { contactEmail: user.email, language: locale, currency: 'EUR' } as never
          }
        />
      )}
    </>
  );
}

export default async function SellPage({ params }: PageProps<'/[locale]/sell'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('onboarding.apply');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="text-slate-700">{t('intro')}</p>
      <Suspense fallback={<FormPlaceholder rows={8} />}>
        <Application locale={locale} />
      </Suspense>
    </div>
  );
}
