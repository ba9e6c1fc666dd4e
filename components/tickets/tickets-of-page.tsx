'use client';

import { useHydrated } from '@/components/ui/use-hydrated';
import { fanDataOfPage } from '@/lib/client/fan-data';
import type { SessionUser } from '@/lib/client/session';
import type { MyTickets } from '@/lib/schemas/tickets';
import { TicketsWallet } from './tickets-wallet';

/**
 * Your tickets answered from the shell signed-in fans share (lib/server/serving/page-cache.ts): the fan's tickets
 * came with the page (lib/client/fan-data.ts). The shell's HTML holds no one's tickets, so the wallet
 * appears once React has taken the page over — as it must anyway to draw the rotating codes.
 */
export function TicketsOfPage({ busy }: { busy: React.ReactNode }) {
  const hydrated = useHydrated();
  const page = fanDataOfPage<{ renderedAt: number; tickets: MyTickets }>('tickets');
  const user = fanDataOfPage<SessionUser>('me');
  if (!hydrated || !page || !user) return busy;
  return <TicketsWallet initial={page.tickets} userId={user.id} renderedAt={page.renderedAt} />;
}
