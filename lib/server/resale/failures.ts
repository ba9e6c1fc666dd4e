// The failures of offering a ticket for resale. LISTING_SOLD and OWN_LISTING are the cart's (a buyer
// adding an offer), TICKET_NOT_FOUND is every ticket feature's: their rows stay in the central table.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { listTicketForResale, withdrawListing } from './listing';

export type Codes = FailureCodeOf<typeof listTicketForResale> | FailureCodeOf<typeof withdrawListing>;

export const failures = failureRows({
  ALREADY_LISTED: { status: 409, key: 'resale.errors.alreadyListed' },
  TICKET_NOT_LISTABLE: { status: 409, key: 'resale.errors.notListable' },
  RESALE_DISABLED: { status: 409, key: 'resale.errors.disabled' },
  RESALE_WINDOW_CLOSED: { status: 409, key: 'resale.errors.windowClosed' },
  PRICE_OVER_CAP: { status: 422, key: 'resale.errors.overCap', field: 'price' },
  LISTING_HELD: { status: 409, key: 'resale.errors.held' },
  /** A ZŤP-S holder's companion seat: never listed or gifted alone (it goes with the holder's gift). */
  COMPANION_NOT_ALONE: { status: 409, key: 'resale.errors.companionNotAlone' },
  /** A ZŤP-S ticket with its companion seat: one listing is one ticket, and the companion cannot stay behind. */
  RESALE_WITH_COMPANION: { status: 409, key: 'resale.errors.withCompanion' },
  CONCESSION_RESALE_NOT_ALLOWED: { status: 409, key: 'resale.errors.concessionNotAllowed' },
  FREE_TICKET_RESALE_NOT_ALLOWED: { status: 409, key: 'resale.errors.freeNotAllowed' },
});
