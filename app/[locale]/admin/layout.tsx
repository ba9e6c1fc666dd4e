import { ClientMessages } from '@/lib/i18n/client-messages';

/** Tribuna's administration: the whole catalogue (lib/i18n/client-messages.tsx). */
export default async function AdminLayout({ children, params }: LayoutProps<'/[locale]/admin'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={'all'}>
      {children}
    </ClientMessages>
  );
}
