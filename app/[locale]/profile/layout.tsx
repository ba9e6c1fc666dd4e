import { ClientMessages } from '@/lib/i18n/client-messages';

/** The profile's and bank account form's messages (lib/i18n/client-messages.tsx). */
export default async function ProfileLayout({ children, params }: LayoutProps<'/[locale]/profile'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['auth', 'profile', 'payouts.bankAccount', 'notifications']}>
      {children}
    </ClientMessages>
  );
}
