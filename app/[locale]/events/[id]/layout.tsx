import { QueryProvider } from '@/components/layout/query-provider';

// The header's links read the URL (usePathname), which for /events/{id}/… is only known at request time:
// the event page, its cart and its checkout render at request time, so they are allowed to block.
export const instant = false;

/**
 * The event page, its cart and checkout: the only fan pages that query and mutate on the client (TanStack
 * Query, not in the locale layout). Each page hands its client components their messages itself
 * (<ClientMessages>, lib/i18n/client-messages.tsx): the event page only what its own read.
 */
export default function EventLayout({ children }: LayoutProps<'/[locale]/events/[id]'>) {
  return <QueryProvider>{children}</QueryProvider>;
}
