import 'server-only';
import { NextResponse } from 'next/server';
import { ApiError, json } from '@/lib/server/api/respond';
import { requestLocale } from '@/lib/server/api/request-locale';
import { translator } from '@/lib/server/api/translate';
import { rateLimitedError } from '@/lib/server/rate-limit';
import type { CartFailure } from './service';

/** A cart failure as the API answers it: a translated message, a code, and for taken seats one entry per seat. */
export function cartFailureResponse(request: Request, failure: CartFailure): Response {
  switch (failure.code) {
    case 'SEAT_TAKEN': {
      const t = translator(requestLocale(request));
      return json(
        {
          message: t('cart.seatTaken'),
          code: 'SEAT_TAKEN',
          errors: failure.taken.map((seat) => ({ field: 'seatIds', id: seat.id, message: t('cart.seatTakenOne', { seat: seat.label }) })),
        },
        { status: 409 },
      );
    }
    case 'LIMIT_PER_ORDER':
      throw new ApiError(409, failure.code, 'cart.limitPerOrder', [], { limit: failure.limit });
    case 'LIMIT_PER_USER':
      throw new ApiError(409, failure.code, 'cart.limitPerUser', [], { limit: failure.limit });
    case 'EVENT_NOT_FOUND':
    case 'TICKET_TYPE_NOT_FOUND':
    case 'ITEM_NOT_FOUND':
      throw new ApiError(404, failure.code, 'errors.notFound');
    case 'NOT_ON_SALE':
      throw new ApiError(409, failure.code, 'cart.notOnSale');
    case 'SOLD_OUT':
      throw new ApiError(409, failure.code, 'cart.soldOut');
    case 'CART_EMPTY':
      throw new ApiError(409, failure.code, 'cart.nothingToPay');
    case 'RATE_LIMITED':
      throw rateLimitedError(failure.retryAfterSeconds);
    case 'INVALID_DISCOUNT_CODE':
      throw new ApiError(422, failure.code, 'errors.invalidDiscountCode', [{ field: 'code', messageKey: 'errors.invalidDiscountCode' }]);
  }
}

export type { NextResponse };
