import type { ReactNode } from 'react';
import type { ConsoleAccess } from '@/lib/server/organiser/console';
import type { CancellationProgress } from '@/lib/server/events/cancel';
import type { EventSummary } from '@/lib/server/events/summary';
import { CancellationStatus } from './cancellation-status';
import { ConsoleFrame } from './console-frame';
import { ConsoleNav } from './console-nav';
import { EventHeader } from './event-header';

/** Every console screen of one event (consoleEventPage gives both props): the console's header, the event's head and tabs, the screen. */
export function EventFrame({
  access,
  event,
  cancellation,
  deniedTitle,
  children,
}: {
  access: ConsoleAccess;
  event: EventSummary | null;
  /** consoleEventPage's: how a cancelled event's refunds are going. */
  cancellation?: CancellationProgress | null;
  deniedTitle: string;
  children: ReactNode;
}) {
  if (!access.ok || !event) return <ConsoleFrame access={access} title={deniedTitle} />;
  return (
    <div className="space-y-6">
      <ConsoleNav context={access.context} />
      <EventHeader event={event} settlement={access.org.capabilities.includes('payouts')} />
      {cancellation && <CancellationStatus progress={cancellation} />}
      {children}
    </div>
  );
}
