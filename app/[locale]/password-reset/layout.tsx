import { ClientMessages } from '@/lib/i18n/client-messages';

/** The password reset forms' messages (lib/i18n/client-messages.tsx). */
export default async function PasswordResetLayout({ children, params }: LayoutProps<'/[locale]/password-reset'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['auth', 'passwordReset']}>
      {children}
    </ClientMessages>
  );
}
