// The failures of events: the organiser's editing (dates, currency, venue, publishing), price categories,
// the gallery and cancellation. Codes other features answer too (EVENT_CANCELLED, VENUE_NOT_FOUND,
// UNITS_TAKEN, CATEGORY_NOT_FOUND, SECTION_NOT_IN_VENUE, the access codes) keep their rows in the central table.
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { cancelEvent } from './cancel';
import type { createEvent, duplicateEvent, publishEvent, updateEvent } from './edit';
import type { addEventImage, removeEventImage, reorderEventImages, updateEventImage } from './images';
import type { createPriceCategory, deletePriceCategory, updatePriceCategory } from './price-categories';

export type Codes =
  | FailureCodeOf<typeof createEvent>
  | FailureCodeOf<typeof updateEvent>
  | FailureCodeOf<typeof publishEvent>
  | FailureCodeOf<typeof duplicateEvent>
  | FailureCodeOf<typeof createPriceCategory>
  | FailureCodeOf<typeof updatePriceCategory>
  | FailureCodeOf<typeof deletePriceCategory>
  | FailureCodeOf<typeof addEventImage>
  | FailureCodeOf<typeof removeEventImage>
  | FailureCodeOf<typeof updateEventImage>
  | FailureCodeOf<typeof reorderEventImages>
  | FailureCodeOf<typeof cancelEvent>;

export const failures = failureRows({
  // event images (./images.ts)
  IMAGE_REQUIRED: { status: 422, key: 'organiser.images.errors.required', field: 'file' },
  IMAGE_TOO_LARGE: { status: 413, key: 'organiser.images.errors.tooLarge', field: 'file' },
  IMAGE_TYPE: { status: 415, key: 'organiser.images.errors.type', field: 'file' },
  GALLERY_FULL: { status: 409, key: 'organiser.images.errors.full' },
  IMAGE_NOT_FOUND: { status: 404, key: 'organiser.images.errors.notFound', answersAs: 'NOT_FOUND' },
  IMAGE_ORDER_INVALID: { status: 422, key: 'organiser.images.errors.order', field: 'order' },

  // the organiser's events (./edit)
  DOORS_AFTER_START: { status: 422, key: 'organiser.events.errors.doorsAfterStart', field: 'doorsAt' },
  END_BEFORE_START: { status: 422, key: 'organiser.events.errors.endBeforeStart', field: 'endsAt' },
  SALE_WINDOW_INVALID: { status: 422, key: 'organiser.events.errors.saleWindow', field: 'saleEndsAt' },
  /** Priority access needs both its time and its points, and opens before the general sale (which must be set). */
  PRIORITY_WINDOW_INVALID: { status: 422, key: 'organiser.events.errors.priorityWindow', field: 'prioritySaleStartsAt' },
  CURRENCY_LOCKED: { status: 409, key: 'organiser.events.errors.currencyLocked', field: 'currency' },
  VENUE_LOCKED: { status: 409, key: 'organiser.events.errors.venueLocked', field: 'venueId' },
  /** The title in the organisation's own language is missing (its field: `title.<language>`). */
  TITLE_REQUIRED: { status: 422, key: 'organiser.events.validation.titleRequired', field: 'title' },
  /** A draft that still lacks something (./edit/publish.ts publishItems): one entry of `errors` per missing item, its field the item. */
  NOT_READY: { status: 409, key: 'organiser.publish.notReady' },
  /** The organisation's application to sell awaits Tribuna's approval (onboarding/): drafts yes, publishing no. */
  ORG_NOT_APPROVED: { status: 409, key: 'organiser.publish.notApproved' },
  /** The event has taken place (./played.ts): the console keeps it as it was; no edit, unpublish or cancel. */
  EVENT_PLAYED: { status: 409, key: 'organiser.events.errors.played' },
  /** Tickets are sold: a start or end moved into the past would make payouts due and break what buyers were promised. */
  EVENT_DATE_IN_PAST: { status: 409, key: 'organiser.events.errors.dateInPast', field: 'startsAt' },
  /** A duplicate (./edit/duplicate.ts) is of a match still to come: its new start must be in the future. */
  DUPLICATE_IN_PAST: { status: 422, key: 'organiser.eventActions.duplicate.errors.inPast', field: 'startsAt' },

  // price categories (./price-categories.ts)
  /** `{count}`: tickets sold (or places in carts) of the category. */
  CATEGORY_SOLD: { status: 409, key: 'organiser.prices.errors.categorySold' },
  CATEGORY_IN_USE: { status: 409, key: 'organiser.prices.errors.categoryInUse' },
  SECTION_KIND_MISMATCH: { status: 422, key: 'organiser.prices.errors.sectionKind', field: 'sectionIds' },
  CAPACITY_NOT_ALLOWED: { status: 422, key: 'organiser.prices.errors.capacityNotAllowed', field: 'capacity' },

  // cancellation (./cancel.ts)
  EVENT_IS_DRAFT: { status: 409, key: 'organiser.cancel.errors.draft' },
});
