import { ClientMessages } from '@/lib/i18n/client-messages';

/** The email verification form's messages (lib/i18n/client-messages.tsx). */
export default async function VerifyEmailLayout({ children, params }: LayoutProps<'/[locale]/verify-email'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['auth', 'verifyEmail']}>
      {children}
    </ClientMessages>
  );
}
