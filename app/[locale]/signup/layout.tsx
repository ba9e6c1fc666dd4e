import { ClientMessages } from '@/lib/i18n/client-messages';

/** The sign-up form's messages (lib/i18n/client-messages.tsx). */
export default async function SignUpLayout({ children, params }: LayoutProps<'/[locale]/signup'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['auth']}>
      {children}
    </ClientMessages>
  );
}
