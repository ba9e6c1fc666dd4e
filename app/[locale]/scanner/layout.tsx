import { ClientMessages } from '@/lib/i18n/client-messages';

/** The gate scanner: the whole catalogue (lib/i18n/client-messages.tsx). */
export default async function ScannerLayout({ children, params }: LayoutProps<'/[locale]/scanner'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={'all'}>
      {children}
    </ClientMessages>
  );
}
