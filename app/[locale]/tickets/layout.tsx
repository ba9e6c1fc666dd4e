import { ClientMessages } from '@/lib/i18n/client-messages';

/** Your tickets: the wallet, its dialogs and codes read many namespaces — every fan namespace (lib/i18n/client-messages.tsx). */
export default async function TicketsLayout({ children, params }: LayoutProps<'/[locale]/tickets'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={'fan'}>
      {children}
    </ClientMessages>
  );
}
