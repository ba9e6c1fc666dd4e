import { ClientMessages } from '@/lib/i18n/client-messages';

/** The application form's messages (onboarding) and the validation texts its fields share. */
export default async function SellLayout({ children, params }: LayoutProps<'/[locale]/sell'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['auth', 'onboarding', 'validation']}>
      {children}
    </ClientMessages>
  );
}
