import 'server-only';
import { ApiError } from '@/lib/server/api/respond';

/** Expected failures of ticket actions → HTTP status and message key (translated by the API layer). */
const FAILURES: Record<string, [number, string]> = {
  NOT_FOUND: [404, 'tickets.errors.notFound'],
  INVALID_REDEEM_CODE: [422, 'errors.invalidRedeemCode'],
  RATE_LIMITED: [429, 'errors.tooManyRequests'],
  SOLD_OUT: [409, 'redeem.errors.soldOut'],
  TICKET_LISTED: [409, 'gift.errors.listed'],
  TICKET_NOT_TRANSFERABLE: [409, 'gift.errors.notTransferable'],
  TRANSFER_DISABLED: [409, 'gift.errors.transferDisabled'],
  EVENT_STARTED: [409, 'gift.errors.eventStarted'],
  GIFT_TO_SELF: [422, 'gift.errors.toSelf'],
  GIFT_PENDING: [409, 'gift.errors.pending'],
  ALREADY_LISTED: [409, 'resale.errors.alreadyListed'],
  TICKET_NOT_LISTABLE: [409, 'resale.errors.notListable'],
  RESALE_DISABLED: [409, 'resale.errors.disabled'],
  RESALE_WINDOW_CLOSED: [409, 'resale.errors.windowClosed'],
  PRICE_OVER_CAP: [422, 'resale.errors.overCap'],
  LISTING_HELD: [409, 'resale.errors.held'],
  NOT_A_SCANNER: [403, 'scanner.errors.notAScanner'],
};

export function ticketFailure(code: string, values?: Record<string, string | number>, field?: string): ApiError {
  const [status, key] = FAILURES[code] ?? [400, 'errors.generic'];
  return new ApiError(status, code, key, field ? [{ field, messageKey: key }] : [], values);
}
