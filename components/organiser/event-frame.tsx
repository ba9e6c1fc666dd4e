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
  figures = false,
  children,
}: {
  access: ConsoleAccess;
  event: EventSummary | null;
  /** consoleEventPage's: how a cancelled event's refunds are going. */
  cancellation?: CancellationProgress | null;
  deniedTitle: string;
  /**
   * A screen of live figures (the match-day live view): its head without the sold count and the event's
   * actions — the screen's own figures are the one set, refreshed, and nothing on it can be destroyed.
   */
  figures?: boolean;
  children: ReactNode;
}) {
  if (!access.ok || !event) return <ConsoleFrame access={access} title={deniedTitle} />;
  return (
    <div className="space-y-6">
      <ConsoleNav context={access.context} />
      <EventHeader event={event} settlement={access.org.capabilities.includes('payouts')} figures={figures} />
      {cancellation && <CancellationStatus progress={cancellation} />}
      {children}
    </div>
  );
}
