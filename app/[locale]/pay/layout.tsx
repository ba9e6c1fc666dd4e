import { ClientMessages } from '@/lib/i18n/client-messages';

/** The test gateway's payment page: every fan namespace (lib/i18n/client-messages.tsx). */
export default async function PayLayout({ children, params }: LayoutProps<'/[locale]/pay'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={'fan'}>
      {children}
    </ClientMessages>
  );
}
