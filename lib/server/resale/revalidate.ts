import 'server-only';
import { revalidateEventCatalogue } from '@/lib/server/events';

/** A new or withdrawn resale offer changes the event page's offers and the lists' lowest price. */
export async function revalidateResale(eventId: string): Promise<void> {
  revalidateEventCatalogue(eventId);
}
