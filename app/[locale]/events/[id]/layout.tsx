import { QueryProvider } from '@/components/layout/query-provider';
import { ClientMessages } from '@/lib/i18n/client-messages';

// The header's links read the URL (usePathname), which for /events/{id}/… is only known at request time:
// the event page, its cart and its checkout render at request time, so they are allowed to block.
export const instant = false;

/**
 * The event page, its cart and checkout: the only fan pages that query and mutate on the client (TanStack
 * Query, not in the locale layout), with the messages their client components read (lib/i18n/client-messages.tsx).
 */
export default async function EventLayout({ children, params }: LayoutProps<'/[locale]/events/[id]'>) {
  return (
    <ClientMessages locale={(await params).locale} namespaces={['event', 'seatMap', 'auth', 'resaleBuying', 'cart', 'checkout', 'waitingList', 'feedback', 'namedTickets', 'packages.fan', 'packages.cart', 'packages.errors', 'concessions']}>
      <QueryProvider>{children}</QueryProvider>
    </ClientMessages>
  );
}
