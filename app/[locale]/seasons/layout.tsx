import { ClientMessages } from '@/lib/i18n/client-messages';

/** A season's sale page: its seat picker reads the season's and the seat map's messages (lib/i18n/client-messages.tsx). */
export default async function SeasonsLayout({ children, params }: LayoutProps<'/[locale]/seasons'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['seasons', 'seatMap', 'auth']}>
      {children}
    </ClientMessages>
  );
}
