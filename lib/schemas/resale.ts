// What the resale buying calls answer (the event page's offers; selling is in ./tickets).
import { z } from 'zod';

/** GET /api/v1/events/{id}/my-listings — the caller's own offers among the event's resale offers. */
export const myListingsSchema = z.object({
  listings: z.array(z.object({ listingId: z.string(), ticketId: z.string() })),
});
export type MyListings = z.infer<typeof myListingsSchema>;
