import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FormPlaceholder } from '@/components/auth/auth-card';
import { QueryProvider } from '@/components/layout/query-provider';
import { ProfileView } from '@/components/profile/profile-view';
import { MyOrdersLink } from '@/components/orders/my-orders-link';
import { ProfileConsoleLink } from '@/components/organiser/profile-console-link';
import { ProfileAdminLink } from '@/components/payouts/profile-admin-link';
import { ProfileApplicationsLink, ProfileApplyLink } from '@/components/onboarding/profile-links';
import { BankAccountForm } from '@/components/profile/bank-account-form';
import { NotificationSettings } from '@/components/notifications/notification-settings';
import { LoyaltyLedger } from '@/components/profile/loyalty-ledger';
import { WalletLedger } from '@/components/profile/wallet-ledger';
import { PayoutLedger } from '@/components/tickets/payout-ledger';
import { pageMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { myOrganisations, roleCan } from '@/lib/server/organiser/access';
import { getBankAccount } from '@/lib/server/payouts/bank-account';
import { isAdmin } from '@/lib/server/payouts/runs';
import { listPayouts } from '@/lib/server/resale/payouts';
import { findUserById } from '@/lib/server/users';
import { notificationSettings } from '@/lib/server/notifications/preferences';
import { myLoyalty } from '@/lib/server/loyalty/ledger';
import { myWallet } from '@/lib/server/wallet';
import { myApplication } from '@/lib/server/onboarding/applications';

export async function generateMetadata({ params }: PageProps<'/[locale]/profile'>) {
  const locale = (await params).locale as Locale;
  const t = await getTranslations({ locale, namespace: 'profile' });
  return { ...pageMetadata({ locale, href: '/profile', title: t('title') }), robots: { index: false } };
}

async function ProfileForUser({ locale }: { locale: Locale }) {
  const user = await requireSignedIn(locale, '/profile');
  // With what the session read leaves out: whether the email is verified, and a change waiting for its link.
  const [profile, payouts, organisations, bankAccount, admin, notifications, loyalty, wallet, application] = await Promise.all([
    findUserById(user.id),
    listPayouts(user),
    myOrganisations(user.id),
    getBankAccount(user),
    isAdmin(user.id),
    notificationSettings(user),
    myLoyalty(user),
    myWallet(user),
    myApplication(user),
  ]);
  // Staff see their way to work first: the console, or the scanner for gate-only staff (sign-in's landing rule).
  const home = organisations.some((o) => roleCan(o.role, 'events')) ? 'console' : 'scanner';
  return (
    <>
      <ProfileConsoleLink organisations={organisations.length} home={home} />
      <QueryProvider>
        <ProfileView initialUser={profile ?? { ...user, emailVerified: false, pendingEmail: null }} />
      </QueryProvider>
      <MyOrdersLink boxed />
      <ProfileAdminLink admin={admin} />
      <ProfileApplicationsLink admin={admin} />
      <ProfileApplyLink application={application} />
      <WalletLedger wallet={wallet} />
      <LoyaltyLedger loyalty={loyalty} />
      <PayoutLedger payouts={payouts} />
      <BankAccountForm initial={bankAccount} />
      <NotificationSettings initial={notifications} />
    </>
  );
}

export default async function ProfilePage({ params }: PageProps<'/[locale]/profile'>) {
  const locale = (await params).locale as Locale;
  setRequestLocale(locale);
  const t = await getTranslations('profile');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <Suspense fallback={<FormPlaceholder rows={4} />}>
        <ProfileForUser locale={locale} />
      </Suspense>
    </div>
  );
}
