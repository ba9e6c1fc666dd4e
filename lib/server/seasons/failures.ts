// The failures of seasons and season tickets: the organiser's seasons, the fan's sale, renewal and
// transfer, and releasing one match of a season ticket for credit (release.ts).
import { failureRows, type FailureCodeOf } from '@/lib/server/api/failure-row';
import type { addSeasonMatch, createSeason, setSeasonCategories, updateSeason } from './organiser';
import type { releaseTicket, takeBackTicket } from './release';
import type { purchaseSeason, renewSeason } from './sale';
import type { matchFromTemplate, setSeasonTemplate } from './template';
import type { transferSeasonTicket } from './transfer';

export type Codes =
  | FailureCodeOf<typeof createSeason>
  | FailureCodeOf<typeof updateSeason>
  | FailureCodeOf<typeof addSeasonMatch>
  | FailureCodeOf<typeof setSeasonCategories>
  | FailureCodeOf<typeof purchaseSeason>
  | FailureCodeOf<typeof renewSeason>
  | FailureCodeOf<typeof transferSeasonTicket>
  | FailureCodeOf<typeof releaseTicket>
  | FailureCodeOf<typeof takeBackTicket>
  | FailureCodeOf<typeof setSeasonTemplate>
  | FailureCodeOf<typeof matchFromTemplate>
  // cancelSeason's own (events/cancel.ts, with the events' cancellation)
  | 'SEASON_NOTHING_TO_CANCEL';

export const failures = failureRows({
  SEASON_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  SEASON_NOT_ON_SALE: { status: 409, key: 'seasons.errors.notOnSale' },
  /** A seat not free at every remaining match, or kept for last season's holder while the renewal lasts. */
  SEASON_SEAT_TAKEN: { status: 409, key: 'seasons.errors.seatTaken' },
  NOTHING_TO_RENEW: { status: 409, key: 'seasons.errors.nothingToRenew' },
  SEASON_NOTHING_TO_CANCEL: { status: 409, key: 'seasons.errors.nothingToCancel' },
  SEASON_WINDOW_INVALID: { status: 422, key: 'seasons.errors.window', field: 'saleClosesAt' },
  SEASON_MATCH_INVALID: { status: 422, key: 'seasons.errors.match', field: 'eventId' },
  /** The template must be one of the season's own matches (template.ts). */
  SEASON_TEMPLATE_INVALID: { status: 422, key: 'seasons.errors.template', field: 'eventId' },
  /** A new match from the template, but the season has none chosen. */
  SEASON_NO_TEMPLATE: { status: 409, key: 'seasons.errors.noTemplate' },
  /** A category of another season, a price category not a seated one of the season's matches, or an index past the categories. */
  SEASON_CATEGORY_INVALID: { status: 422, key: 'seasons.errors.category', field: 'categories' },
  SEASON_TICKET_NOT_FOUND: { status: 404, key: 'errors.notFound', answersAs: 'NOT_FOUND' },
  /** Only to an account that verified the address: a season ticket does not wait in a pending gift. */
  SEASON_RECIPIENT_UNKNOWN: { status: 422, key: 'seasons.errors.recipientUnknown', field: 'email' },

  // ── releasing one match of a season ticket for credit (release.ts) ──────────
  /** A ticket of a single match, or a season's match ticket the caller got from its holder. */
  NOT_SEASON_TICKET: { status: 409, key: 'release.errors.notSeasonTicket' },
  ALREADY_RELEASED: { status: 409, key: 'release.errors.alreadyReleased' },
  TICKET_NOT_RELEASABLE: { status: 409, key: 'release.errors.notReleasable' },
  RELEASE_CLOSED: { status: 409, key: 'release.errors.closed' },
  RELEASE_SHARE_CHANGED: { status: 409, key: 'release.errors.shareChanged', field: 'sharePercent' },
  NOT_RELEASED: { status: 409, key: 'release.errors.notReleased' },
  RELEASE_IN_CART: { status: 409, key: 'release.errors.inCart' },
});
