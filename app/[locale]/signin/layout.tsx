import { ClientMessages } from '@/lib/i18n/client-messages';

/** The sign-in form's messages (lib/i18n/client-messages.tsx). */
export default async function SignInLayout({ children, params }: LayoutProps<'/[locale]/signin'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['auth']}>
      {children}
    </ClientMessages>
  );
}
