import { ClientMessages } from '@/lib/i18n/client-messages';

/** Orders and receipts: every fan namespace (lib/i18n/client-messages.tsx). */
export default async function OrdersLayout({ children, params }: LayoutProps<'/[locale]/orders'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={'fan'}>
      {children}
    </ClientMessages>
  );
}
