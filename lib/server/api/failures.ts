import 'server-only';
// The one failure table of the API: every expected failure, from a domain function's `{ ok: false, code }`
// or from the request itself, → its HTTP status, the message key it is answered with and the form
// field it belongs to. FailureCode is drawn from the domain functions' own result types, so a code a
// domain function starts returning without a row here fails to compile (`satisfies` below).
import type { Failure, FailureCodeOf, MessageKey } from './failure-row';
import { moduleFailures, type ModuleFailureCode } from './failures.generated';
import type { addToCart, applyCoupon, getCart, removeCartPoints, removeCoupon, removeFromCart, setCartPoints } from '@/lib/server/cart';
import type { checkout } from '@/lib/server/orders/checkout';
import type { listMyOrders } from '@/lib/server/orders/list';
import type { listTicketForResale, withdrawListing } from '@/lib/server/resale/listing';
import type { offlineDataset, syncOfflineCheckIns } from '@/lib/server/scan/offline';
import type { scannerEvents } from '@/lib/server/scan/access';
import type { scanTicket } from '@/lib/server/scan/scan';
import type { cancelGift, giftTicket } from '@/lib/server/tickets/gift';
import type { redeemCode } from '@/lib/server/tickets/redeem';
import type { AccessFailure } from '@/lib/server/organiser/access';
import type { cancelSeason } from '@/lib/server/events/cancel';
import type { acceptInvitation, inviteMember, revokeInvitation } from '@/lib/server/organiser/invitations';
import type { changeMemberRole, removeMember } from '@/lib/server/organiser/team';
import type { addSection, deleteSection, replaceLayout, updateSection } from '@/lib/server/organiser/layout';
import type { markAccessibleSeats } from '@/lib/server/organiser/accessible-seats';
import type { createCoupon, updateCoupon } from '@/lib/server/organiser/coupons';
import type { createRedeemBatch } from '@/lib/server/organiser/redeem-codes';
import type { myFeedback, submitFeedback } from '@/lib/server/feedback/fan';
import type { getCartHolders, setCartHolders } from '@/lib/server/named-tickets/holders';
import type { nameTicket } from '@/lib/server/named-tickets/ticket-holder';
import type { getNamedTickets, setNamedTickets } from '@/lib/server/named-tickets/settings';
import type { getLoyaltyProgram, setLoyaltyProgram } from '@/lib/server/loyalty/program';
import type { cancelRun, confirmRun, payoutRunsOverview, prepareRun, runFile } from '@/lib/server/payouts/runs';
import type { addSeasonMatch, createSeason, setSeasonCategories, updateSeason } from '@/lib/server/seasons/organiser';
import type { purchaseSeason, renewSeason } from '@/lib/server/seasons/sale';
import type { transferSeasonTicket } from '@/lib/server/seasons/transfer';
import type { releaseTicket, takeBackTicket } from '@/lib/server/seasons/release';
import type { sendAnnouncement, sendSeasonAnnouncement } from '@/lib/server/notifications/announcements';
import type { unsubscribeByToken } from '@/lib/server/notifications/preferences';
import type { subscribePush } from '@/lib/server/notifications/subscriptions';
import type { joinWaitingList, leaveWaitingList } from '@/lib/server/waiting-list';
import type { createPackage, deletePackage, updatePackage } from '@/lib/server/packages/organiser';
import type { addPackageToCart } from '@/lib/server/packages/sale';
import type { getCategoryConcessions, setCategoryConcessions } from '@/lib/server/concessions/prices';
import type { getCartConcessions, setCartConcession } from '@/lib/server/concessions/cart';
import type { eventAccessibleSeats, holdAccessibleSeat } from '@/lib/server/concessions/accessible';

export type { MessageKey };

/** Failures the domain functions return as `{ ok: false, code }`. */
type DomainFailureCode =
  | FailureCodeOf<typeof addToCart>
  | FailureCodeOf<typeof removeFromCart>
  | FailureCodeOf<typeof getCart>
  | FailureCodeOf<typeof applyCoupon>
  | FailureCodeOf<typeof removeCoupon>
  | FailureCodeOf<typeof setCartPoints>
  | FailureCodeOf<typeof removeCartPoints>
  | FailureCodeOf<typeof checkout>
  | FailureCodeOf<typeof listMyOrders>
  | FailureCodeOf<typeof giftTicket>
  | FailureCodeOf<typeof cancelGift>
  | FailureCodeOf<typeof listTicketForResale>
  | FailureCodeOf<typeof withdrawListing>
  | FailureCodeOf<typeof redeemCode>
  | FailureCodeOf<typeof scanTicket>
  | FailureCodeOf<typeof scannerEvents>
  | FailureCodeOf<typeof offlineDataset>
  | FailureCodeOf<typeof syncOfflineCheckIns>
  | AccessFailure['code']
  // organiser: team
  | FailureCodeOf<typeof inviteMember>
  | FailureCodeOf<typeof revokeInvitation>
  | FailureCodeOf<typeof acceptInvitation>
  | FailureCodeOf<typeof changeMemberRole>
  | FailureCodeOf<typeof removeMember>

  // organiser: events

  // organiser: venues
  | FailureCodeOf<typeof replaceLayout>
  | FailureCodeOf<typeof addSection>
  | FailureCodeOf<typeof updateSection>
  | FailureCodeOf<typeof deleteSection>
  | FailureCodeOf<typeof markAccessibleSeats>

  // organiser: codes and resale
  | FailureCodeOf<typeof createCoupon>
  | FailureCodeOf<typeof updateCoupon>
  | FailureCodeOf<typeof createRedeemBatch>

  // organiser: cancellation
  | FailureCodeOf<typeof cancelSeason>

  // reports: event report and overview

  // reports: live view and exports

  // reports: settlements

  // payouts: bank accounts and runs
  | FailureCodeOf<typeof payoutRunsOverview>
  | FailureCodeOf<typeof prepareRun>
  | FailureCodeOf<typeof confirmRun>
  | FailureCodeOf<typeof cancelRun>
  | FailureCodeOf<typeof runFile>

  // seasons and season tickets
  | FailureCodeOf<typeof createSeason>
  | FailureCodeOf<typeof updateSeason>
  | FailureCodeOf<typeof addSeasonMatch>
  | FailureCodeOf<typeof setSeasonCategories>
  | FailureCodeOf<typeof purchaseSeason>
  | FailureCodeOf<typeof renewSeason>
  | FailureCodeOf<typeof transferSeasonTicket>
  // releasing one match of a season ticket for credit
  | FailureCodeOf<typeof releaseTicket>
  | FailureCodeOf<typeof takeBackTicket>
  // notifications: push, settings, announcements
  | FailureCodeOf<typeof subscribePush>
  | FailureCodeOf<typeof unsubscribeByToken>
  | FailureCodeOf<typeof sendAnnouncement>
  | FailureCodeOf<typeof sendSeasonAnnouncement>
  // packages
  | FailureCodeOf<typeof createPackage>
  | FailureCodeOf<typeof updatePackage>
  | FailureCodeOf<typeof deletePackage>
  | FailureCodeOf<typeof addPackageToCart>
  // waiting list
  | FailureCodeOf<typeof joinWaitingList>
  | FailureCodeOf<typeof leaveWaitingList>
  // feedback after an event
  | FailureCodeOf<typeof myFeedback>
  | FailureCodeOf<typeof submitFeedback>
  // named tickets (risk matches)
  | FailureCodeOf<typeof getCartHolders>
  | FailureCodeOf<typeof setCartHolders>
  | FailureCodeOf<typeof nameTicket>
  | FailureCodeOf<typeof getNamedTickets>
  | FailureCodeOf<typeof setNamedTickets>

  // loyalty points
  | FailureCodeOf<typeof getLoyaltyProgram>
  | FailureCodeOf<typeof setLoyaltyProgram>

  // concessions and accessible seats
  | FailureCodeOf<typeof getCategoryConcessions>
  | FailureCodeOf<typeof setCategoryConcessions>
  | FailureCodeOf<typeof getCartConcessions>
  | FailureCodeOf<typeof setCartConcession>
  | FailureCodeOf<typeof eventAccessibleSeats>
  | FailureCodeOf<typeof holdAccessibleSeat>
;

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
  | 'NOT_FOUND'
  | 'ORDER_NOT_FOUND'
  | 'BAD_SIGNATURE';

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
  ORDER_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  BAD_SIGNATURE: { status: 400, key: 'errors.invalidInput' },

  // ── cart and checkout ───────────────────────────────────────────────────────
  EVENT_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  TICKET_TYPE_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  ITEM_NOT_FOUND: { status: 404, key: 'errors.notFound' },
  NOT_ON_SALE: { status: 409, key: 'cart.notOnSale' },
  /** Sales open for this fan later: the message says when ({time}). */
  NOT_ON_SALE_YET: { status: 409, key: 'cart.notOnSaleYet' },
  /** The priority window for loyal fans: this fan has fewer than {points} of the organiser's points; their sale opens at {time}. */
  PRIORITY_ONLY: { status: 403, key: 'cart.priorityOnly' },
  LOYALTY_REDEEM_OFF: { status: 409, key: 'cart.loyalty.off' },
  LOYALTY_NO_POINTS: { status: 409, key: 'cart.loyalty.noPoints' },
  /** At checkout: another checkout spent the points meanwhile; the cart shows what is left. */
  LOYALTY_POINTS_CHANGED: { status: 409, key: 'cart.loyalty.changed' },
  SOLD_OUT: { status: 409, key: 'cart.soldOut' },
  /** Each taken seat is also an entry of `errors` (field seatIds, its id, cart.seatTakenOne). */
  SEAT_TAKEN: { status: 409, key: 'cart.seatTaken' },
  LIMIT_PER_ORDER: { status: 409, key: 'cart.limitPerOrder' },
  LIMIT_PER_USER: { status: 409, key: 'cart.limitPerUser' },
  CART_EMPTY: { status: 409, key: 'cart.nothingToPay' },
  INVALID_DISCOUNT_CODE: { status: 422, key: 'errors.invalidDiscountCode', field: 'code' },
  PAYMENTS_UNAVAILABLE: { status: 503, key: 'checkout.paymentsUnavailable' },
  /** GET /api/v1/orders: a cursor that is no page's end. */
  INVALID_CURSOR: { status: 422, key: 'errors.invalidInput', field: 'cursor' },
  DISCOUNT_CODE_EXPIRED: { status: 422, key: 'errors.discountCodeExpired', field: 'code' },
  DISCOUNT_CODE_USED_UP: { status: 422, key: 'errors.discountCodeUsedUp', field: 'code' },

  // ── tickets: redeem, gifts, resale ──────────────────────────────────────────
  TICKET_NOT_FOUND: { status: 404, key: 'tickets.errors.notFound', answersAs: 'NOT_FOUND' },
  INVALID_REDEEM_CODE: { status: 422, key: 'errors.invalidRedeemCode', field: 'code' },
  REDEEM_SOLD_OUT: { status: 409, key: 'redeem.errors.soldOut', field: 'code', answersAs: 'SOLD_OUT' },
  TICKET_LISTED: { status: 409, key: 'gift.errors.listed' },
  TICKET_NOT_TRANSFERABLE: { status: 409, key: 'gift.errors.notTransferable' },
  TRANSFER_DISABLED: { status: 409, key: 'gift.errors.transferDisabled' },
  EVENT_STARTED: { status: 409, key: 'gift.errors.eventStarted' },
  GIFT_TO_SELF: { status: 422, key: 'gift.errors.toSelf', field: 'email' },
  GIFT_PENDING: { status: 409, key: 'gift.errors.pending' },
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
  /** A resale listing someone else bought or holds in their cart this moment: said in words, never its id. */
  LISTING_SOLD: { status: 409, key: 'resale.errors.justSold' },
  /** The seller's own listing: theirs to manage in Your tickets, not to buy. */
  OWN_LISTING: { status: 409, key: 'resale.errors.ownListing' },

  // ── gates ───────────────────────────────────────────────────────────────────
  NOT_A_SCANNER: { status: 403, key: 'scanner.errors.notAScanner' },

  // ── organisers (lib/server/organiser/access.ts) ─────────────────────────────
  /** Another organisation's data answers like data that does not exist. */
  ORG_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  ROLE_FORBIDDEN: { status: 403, key: 'organiser.errors.roleForbidden' },

  // ── organiser: team ─────────────────────────────────────────────────────────
  ALREADY_MEMBER: { status: 409, key: 'organiser.team.errors.alreadyMember', field: 'email' },
  MEMBER_NOT_FOUND: { status: 404, key: 'organiser.team.errors.memberNotFound', answersAs: 'NOT_FOUND' },
  /** Demoting or removing the organisation's only owner. */
  LAST_OWNER: { status: 409, key: 'organiser.team.errors.lastOwner' },
  INVITATION_NOT_FOUND: { status: 404, key: 'organiser.team.errors.invitationNotFound', answersAs: 'NOT_FOUND' },
  /** Unknown, replaced, revoked, expired or already used link. */
  INVITATION_INVALID: { status: 400, key: 'organiser.invitation.errors.invalid', field: 'token' },
  /** Signed in with another account than the invited email's (the message names that email). */
  INVITATION_OTHER_EMAIL: { status: 403, key: 'organiser.invitation.errors.otherEmail' },
  INVITATION_EMAIL_UNVERIFIED: { status: 403, key: 'organiser.invitation.errors.unverified' },

  // ── organiser: events ───────────────────────────────────────────────────────
  /** A venue of another organisation answers like one that does not exist. */
  VENUE_NOT_FOUND: { status: 404, key: 'organiser.events.errors.venueNotFound', field: 'venueId', answersAs: 'NOT_FOUND' },
  EVENT_CANCELLED: { status: 409, key: 'organiser.events.errors.cancelled' },
  /** `{count}`: places fans have (sold or in carts) that the change would take away or re-price. */
  UNITS_TAKEN: { status: 409, key: 'organiser.prices.errors.unitsTaken' },
  CATEGORY_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  SECTION_NOT_IN_VENUE: { status: 422, key: 'organiser.prices.errors.sectionNotInVenue', field: 'sectionIds' },

  // ── organiser: venues ───────────────────────────────────────────────────────
  /** `{taken}`: how many sold or live-held seats and places, over all the venue's coming events, the change would take away. */
  /** `{line}`, `{column}` of the first syntax error of the layout file. */
  LAYOUT_JSON_SYNTAX: { status: 422, key: 'organiser.venues.errors.jsonSyntax' },
  /** One entry of `errors` per problem: its path (field) and, for a file, its line. */
  LAYOUT_INVALID: { status: 422, key: 'organiser.venues.errors.layoutInvalid' },
  SECTION_CODE_TAKEN: { status: 409, key: 'organiser.venues.errors.codeTaken', field: 'code' },
  SECTION_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },

  // ── organiser: codes and resale ─────────────────────────────────────────────
  COUPON_CODE_TAKEN: { status: 409, key: 'organiser.codes.errors.codeTaken', field: 'code' },
  COUPON_EVENT_INVALID: { status: 422, key: 'organiser.codes.errors.eventInvalid', field: 'eventId' },
  COUPON_CATEGORY_INVALID: { status: 422, key: 'organiser.codes.errors.categoriesInvalid', field: 'ticketTypeCodes' },
  COUPON_CURRENCY_MISMATCH: { status: 422, key: 'organiser.codes.errors.currencyMismatch', field: 'currency' },
  COUPON_VALUE_INVALID: { status: 422, key: 'organiser.codes.errors.percentInvalid', field: 'value' },
  COUPON_WINDOW_INVALID: { status: 422, key: 'organiser.codes.errors.windowInvalid', field: 'validUntil' },
  REDEEM_CATEGORY_INVALID: { status: 422, key: 'organiser.codes.errors.categoryInvalid', field: 'categoryId' },

  // ── organiser: cancellation ─────────────────────────────────────────────────

  // ── reports: event report and overview ──────────────────────────────────────

  // ── reports: live view and exports ──────────────────────────────────────────

  // ── reports: settlements ────────────────────────────────────────────────────

  // ── payouts: bank accounts and runs ─────────────────────────────────────────
  /** Not a Tribuna admin: the admin calls answer as if there were nothing (like another organisation's data). */
  NOT_ADMIN: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  RUN_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  NOTHING_DUE: { status: 409, key: 'payouts.admin.errors.nothingDue' },
  /** A deployment without PAYOUT_DEBTOR_IBAN (…_CZK) and PAYOUT_DEBTOR_NAME: no account to pay from. */
  PAYOUT_DEBTOR_MISSING: { status: 409, key: 'payouts.admin.errors.debtorMissing' },
  RUN_CANCELLED: { status: 409, key: 'payouts.admin.errors.runCancelled' },
  RUN_CONFIRMED: { status: 409, key: 'payouts.admin.errors.runConfirmed' },

  // ── seasons and season tickets (lib/server/seasons) ─────────────────────────
  SEASON_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  SEASON_NOT_ON_SALE: { status: 409, key: 'seasons.errors.notOnSale' },
  /** A seat not free at every remaining match, or kept for last season's holder while the renewal lasts. */
  SEASON_SEAT_TAKEN: { status: 409, key: 'seasons.errors.seatTaken' },
  NOTHING_TO_RENEW: { status: 409, key: 'seasons.errors.nothingToRenew' },
  SEASON_NOTHING_TO_CANCEL: { status: 409, key: 'seasons.errors.nothingToCancel' },
  SEASON_WINDOW_INVALID: { status: 422, key: 'seasons.errors.window', field: 'saleClosesAt' },
  SEASON_MATCH_INVALID: { status: 422, key: 'seasons.errors.match', field: 'eventId' },
  /** A category of another season, a price category not a seated one of the season's matches, or an index past the categories. */
  SEASON_CATEGORY_INVALID: { status: 422, key: 'seasons.errors.category', field: 'categories' },
  SEASON_TICKET_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  /** Only to an account that verified the address: a season ticket does not wait in a pending gift. */
  SEASON_RECIPIENT_UNKNOWN: { status: 422, key: 'seasons.errors.recipientUnknown', field: 'email' },
  // ── notifications: push, settings, announcements ───────────────────────────
  /** Not an https address (plain http only to the tests' push service on 127.0.0.1: push-endpoint.ts). */
  PUSH_ENDPOINT_INVALID: { status: 422, key: 'notifications.errors.endpointInvalid', field: 'endpoint' },
  /** https, but not a host of the push services browsers use (an IP address, this network, anyone's server). */
  PUSH_SERVICE_NOT_ALLOWED: { status: 422, key: 'notifications.errors.serviceNotAllowed', field: 'endpoint' },
  /** Another fan's browser: it moves to the caller only with that subscription's own keys. */
  PUSH_ENDPOINT_TAKEN: { status: 409, key: 'notifications.errors.endpointTaken', field: 'endpoint' },
  UNSUBSCRIBE_INVALID: { status: 404, key: 'notifications.unsubscribe.invalid' },
  // ── waiting list (lib/server/waiting-list) ──────────────────────────────────
  /** A general hold of a category whose returned tickets the waiting list keeps for its fans (functions.sql). */
  WAITING_LIST_RESERVED: { status: 409, key: 'waitingList.errors.reserved' },
  WAITING_LIST_OFF: { status: 409, key: 'waitingList.errors.off' },
  NOT_SOLD_OUT: { status: 409, key: 'waitingList.errors.notSoldOut' },
  ALREADY_WAITING: { status: 409, key: 'waitingList.errors.already' },
  WAITING_ENTRY_NOT_FOUND: { status: 404, key: 'waitingList.errors.notFound' },
  // ── feedback after an event (lib/server/feedback) ──────────────────────────
  /** The caller holds no ticket of the event that was checked in at the gate. */
  FEEDBACK_NOT_ATTENDED: { status: 403, key: 'feedback.errors.notAttended' },
  FEEDBACK_NOT_OPEN: { status: 409, key: 'feedback.errors.notOpen' },
  FEEDBACK_CLOSED: { status: 409, key: 'feedback.errors.closed' },
  /** One answer per holder and event; it is not edited afterwards. */
  FEEDBACK_ALREADY_GIVEN: { status: 409, key: 'feedback.errors.alreadyGiven' },
  /** An answer to a question the event does not have (any more), twice, or of the other kind. */
  FEEDBACK_ANSWER_INVALID: { status: 422, key: 'feedback.errors.answerInvalid', field: 'answers' },
  // ── named tickets (risk matches, Slovak act 1/2014) ─────────────────────────
  /** Checkout of a cart with a named line whose holder is not given yet. */
  HOLDER_NAMES_MISSING: { status: 409, key: 'namedTickets.errors.namesMissing' },
  /** A holder for a line or ticket that is not named: no personal data where the law does not ask for it. */
  HOLDER_NOT_NEEDED: { status: 409, key: 'namedTickets.errors.notNeeded' },
  HOLDER_ALREADY_NAMED: { status: 409, key: 'namedTickets.errors.alreadyNamed' },
  // ── packages (lib/server/packages) ──────────────────────────────────────────
  PACKAGE_NOT_FOUND: { status: 404, key: 'packages.errors.notFound' },
  /** The fan's own seats for a package: as many as its seated tickets, at the event of the page. */
  PACKAGE_SEATS_INVALID: { status: 422, key: 'packages.errors.seats', field: 'seatIds' },
  PACKAGE_SEATS_CATEGORY: { status: 422, key: 'packages.errors.seatsCategory', field: 'seatIds' },
  PACKAGE_SEATS_COUNT: { status: 422, key: 'packages.errors.seatsCount', field: 'seatIds' },
  PACKAGE_SEATS_APART: { status: 422, key: 'packages.errors.seatsApart', field: 'seatIds' },
  PACKAGE_NO_SEATS_TOGETHER: { status: 409, key: 'packages.errors.noSeatsTogether' },
  /** A line of another organisation's event, a category of another event, one twice, or contents changed after a sale. */
  PACKAGE_CONTENTS_INVALID: { status: 422, key: 'packages.errors.contentsInvalid', field: 'contents' },
  PACKAGE_CURRENCY_MIXED: { status: 422, key: 'packages.errors.currencyMixed', field: 'contents' },
  PACKAGE_IN_USE: { status: 409, key: 'packages.errors.inUse' },
  // ── releasing one match of a season ticket for credit (lib/server/seasons/release.ts) ──
  /** A ticket of a single match, or a season's match ticket the caller got from its holder. */
  NOT_SEASON_TICKET: { status: 409, key: 'release.errors.notSeasonTicket' },
  ALREADY_RELEASED: { status: 409, key: 'release.errors.alreadyReleased' },
  TICKET_NOT_RELEASABLE: { status: 409, key: 'release.errors.notReleasable' },
  RELEASE_CLOSED: { status: 409, key: 'release.errors.closed' },
  RELEASE_SHARE_CHANGED: { status: 409, key: 'release.errors.shareChanged', field: 'sharePercent' },
  NOT_RELEASED: { status: 409, key: 'release.errors.notReleased' },
  RELEASE_IN_CART: { status: 409, key: 'release.errors.inCart' },
  // ── concessions and accessible seats ────────────────────────────────────────
  /** A general cart asked for a wheelchair place or a companion seat: they are held back for ZŤP / ZŤP-S card holders. */
  ACCESSIBLE_SEAT: { status: 409, key: 'concessions.errors.accessibleSeat', field: 'seatIds' },
  NOT_WHEELCHAIR_PLACE: { status: 422, key: 'concessions.errors.notWheelchair', field: 'seatId' },
  /** The organiser marked a seat that is not one of the venue's (another venue's, or a removed one): nothing changed. */
  SEATS_NOT_IN_VENUE: { status: 422, key: 'organiser.venues.accessible.errors.notInVenue', field: 'seatIds' },
  CONCESSION_NOT_OFFERED: { status: 409, key: 'concessions.errors.notOffered', field: 'concession' },
  WHEELCHAIR_NEEDS_CARD: { status: 422, key: 'concessions.errors.wheelchairKind', field: 'concession' },
  NO_COMPANION_SEAT: { status: 409, key: 'concessions.errors.noCompanionSeat', field: 'concession' },
  /** A package line: the package's price is final. */
  PACKAGE_PRICE_FIXED: { status: 409, key: 'concessions.errors.packagePriceFixed', field: 'concession' },

} as const;

/** The one failure table: the request's own rows, and every feature's (./failures.generated.ts). */
export const FAILURES = { ...CENTRAL_FAILURES, ...moduleFailures } as const satisfies Record<FailureCode, Failure>;

/** The rows declared here rather than in a feature (tests/unit/failures.test.ts: none twice). */
export const centralFailureRows: Record<string, Failure> = CENTRAL_FAILURES;
