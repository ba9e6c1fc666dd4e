import { QueryProvider } from '@/components/layout/query-provider';
import { ClientMessages } from '@/lib/i18n/client-messages';

/** The organiser console: the whole catalogue (lib/i18n/client-messages.tsx) and TanStack Query for its panels that poll and mutate. */
export default async function OrganiserLayout({ children, params }: LayoutProps<'/[locale]/organiser'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={'all'}>
      <QueryProvider>{children}</QueryProvider>
    </ClientMessages>
  );
}
