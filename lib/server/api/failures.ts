import 'server-only';
// The one failure table of the API: every expected failure, from a domain function's `{ ok: false, code }`
// or from the request itself, → its HTTP status, the message key it is answered with and the form
// field it belongs to. FailureCode is drawn from the domain functions' own result types, so a code a
// domain function starts returning without a row here fails to compile (`satisfies` below).
import type { Failure, FailureCodeOf, MessageKey } from './failure-row';
import { moduleFailures, type ModuleFailureCode } from './failures.generated';
import type { removeCartPoints, setCartPoints } from '@/lib/server/cart';
import type { AccessFailure } from '@/lib/server/organiser/access';
import type { cancelSeason } from '@/lib/server/events/cancel';

export type { MessageKey };

/** Failures the domain functions return as `{ ok: false, code }`. */
type DomainFailureCode =
  | FailureCodeOf<typeof setCartPoints>
  | FailureCodeOf<typeof removeCartPoints>
  | AccessFailure['code']
  | FailureCodeOf<typeof cancelSeason>;

/** Failures of the request itself, and of routes whose lookup finds nothing (a null, not a code). */
type RequestFailureCode =
  | 'UNAUTHENTICATED'
  | 'XSRF'
  | 'CROSS_SITE'
  | 'BODY_TOO_LARGE'
  | 'INVALID_JSON'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'VALIDATION'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'INTERNAL'
  | 'NOT_FOUND';

export type FailureCode = DomainFailureCode | RequestFailureCode | ModuleFailureCode;

const CENTRAL_FAILURES = {
  // ── the request ─────────────────────────────────────────────────────────────
  UNAUTHENTICATED: { status: 401, key: 'errors.sessionExpired' },
  XSRF: { status: 403, key: 'errors.xsrf' },
  CROSS_SITE: { status: 403, key: 'errors.crossSite' },
  BODY_TOO_LARGE: { status: 413, key: 'errors.bodyTooLarge' },
  INVALID_JSON: { status: 400, key: 'errors.invalidInput' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.jsonRequired' },
  /** The message is the first field's (the schema's own key); this one when zod gives none. */
  VALIDATION: { status: 422, key: 'errors.invalidInput' },
  /** The only 429: ApiError cannot be built for it without the seconds until its window ends (Retry-After). */
  RATE_LIMITED: { status: 429, key: 'errors.tooManyRequests' },
  UNAVAILABLE: { status: 503, key: 'errors.unavailable' },
  INTERNAL: { status: 500, key: 'errors.generic' },
  NOT_FOUND: { status: 404, key: 'errors.notFound' },

  // ── cart and checkout ───────────────────────────────────────────────────────
  EVENT_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  TICKET_TYPE_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  NOT_ON_SALE: { status: 409, key: 'cart.notOnSale' },
  /** Sales open for this fan later: the message says when ({time}). */
  NOT_ON_SALE_YET: { status: 409, key: 'cart.notOnSaleYet' },
  /** The priority window for loyal fans: this fan has fewer than {points} of the organiser's points; their sale opens at {time}. */
  PRIORITY_ONLY: { status: 403, key: 'cart.priorityOnly' },
  LOYALTY_REDEEM_OFF: { status: 409, key: 'cart.loyalty.off' },
  LOYALTY_NO_POINTS: { status: 409, key: 'cart.loyalty.noPoints' },
  /** At checkout: another checkout spent the points meanwhile; the cart shows what is left. */
  LOYALTY_POINTS_CHANGED: { status: 409, key: 'cart.loyalty.changed' },
  LIMIT_PER_USER: { status: 409, key: 'cart.limitPerUser' },
  INVALID_DISCOUNT_CODE: { status: 422, key: 'errors.invalidDiscountCode', field: 'code' },
  DISCOUNT_CODE_EXPIRED: { status: 422, key: 'errors.discountCodeExpired', field: 'code' },
  DISCOUNT_CODE_USED_UP: { status: 422, key: 'errors.discountCodeUsedUp', field: 'code' },

  // ── tickets: redeem, gifts, resale ──────────────────────────────────────────
  TICKET_NOT_FOUND: { status: 404, key: 'tickets.errors.notFound', answersAs: 'NOT_FOUND' },
  TICKET_LISTED: { status: 409, key: 'gift.errors.listed' },
  TICKET_NOT_TRANSFERABLE: { status: 409, key: 'gift.errors.notTransferable' },
  TRANSFER_DISABLED: { status: 409, key: 'gift.errors.transferDisabled' },
  GIFT_TO_SELF: { status: 422, key: 'gift.errors.toSelf', field: 'email' },

  // ── gates ───────────────────────────────────────────────────────────────────

  // ── organisers (lib/server/organiser/access.ts) ─────────────────────────────
  /** Another organisation's data answers like data that does not exist. */
  ORG_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  ROLE_FORBIDDEN: { status: 403, key: 'organiser.errors.roleForbidden' },


  // ── organiser: events ───────────────────────────────────────────────────────
  /** A venue of another organisation answers like one that does not exist. */
  VENUE_NOT_FOUND: { status: 404, key: 'organiser.events.errors.venueNotFound', field: 'venueId', answersAs: 'NOT_FOUND' },
  EVENT_CANCELLED: { status: 409, key: 'organiser.events.errors.cancelled' },
  /** `{count}`: places fans have (sold or in carts) that the change would take away or re-price. */
  UNITS_TAKEN: { status: 409, key: 'organiser.prices.errors.unitsTaken' },
  CATEGORY_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  SECTION_NOT_IN_VENUE: { status: 422, key: 'organiser.prices.errors.sectionNotInVenue', field: 'sectionIds' },

  // ── organiser: codes and resale ─────────────────────────────────────────────

  // ── organiser: cancellation ─────────────────────────────────────────────────

  // ── payouts: bank accounts and runs ─────────────────────────────────────────
  /** Not a Tribuna admin: the admin calls answer as if there were nothing (like another organisation's data). */
  NOT_ADMIN: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },

  // ── waiting list (lib/server/waiting-list) ──────────────────────────────────

} as const;

/** The one failure table: the request's own rows, and every feature's (./failures.generated.ts). */
export const FAILURES = { ...CENTRAL_FAILURES, ...moduleFailures } as const satisfies Record<FailureCode, Failure>;

/** The rows declared here rather than in a feature (tests/unit/failures.test.ts: none twice). */
export const centralFailureRows: Record<string, Failure> = CENTRAL_FAILURES;
