import 'server-only';
import { FAILURES, type FailureCode } from './failures';

/** A Date is written in the answer's language and the display time zone (api/respond.ts). */
type Values = Record<string, string | number | Date>;

/** One entry of an answer's `errors`: a message key (translated by the API layer), its form field, and the id it is about. */
export type FieldError = { field?: string; id?: string; messageKey: string; values?: Values };

export type FailureDetail = {
  /** Values of the message (ICU arguments). */
  values?: Values;
  /** The form field, when this call's form names it other than the table's. */
  field?: string;
  /** The entries of `errors`, when there are others than the one message at its field. */
  fieldErrors?: FieldError[];
  headers?: Record<string, string>;
};

// A failure that may be RATE_LIMITED must say when its window ends: no 429 without Retry-After's seconds.
type DetailOf<C extends FailureCode> = [C] extends [Exclude<FailureCode, 'RATE_LIMITED'>]
  ? [detail?: FailureDetail]
  : [detail: FailureDetail & { retryAfterSeconds: number }];

/**
 * An expected failure, raised inside a handler and turned into a translated JSON answer by `apiRoute`
 * (lib/server/api/respond.ts). Its status, message key and field come from the failure table
 * (lib/server/api/failures.ts).
 */
export class ApiError<C extends FailureCode = FailureCode> extends Error {
  readonly status: number;
  /** The code the API answers with. */
  readonly code: string;
  readonly messageKey: string;
  readonly fieldErrors: FieldError[];
  readonly values?: Values;
  readonly headers: Record<string, string>;

  constructor(
    readonly failure: C,
    ...[detail]: DetailOf<C>
  ) {
    const row: { status: number; key: string; field?: string; answersAs?: string } = FAILURES[failure];
    super(row.answersAs ?? failure);
    this.status = row.status;
    this.code = row.answersAs ?? failure;
    const field = detail?.field ?? row.field;
    this.fieldErrors = detail?.fieldErrors ?? (field ? [{ field, messageKey: row.key }] : []);
    // A form that fails validation is answered with its first field's own message.
    this.messageKey = failure === 'VALIDATION' && this.fieldErrors[0] ? this.fieldErrors[0].messageKey : row.key;
    const seconds = detail && 'retryAfterSeconds' in detail ? Math.max(1, Math.ceil(detail.retryAfterSeconds)) : undefined;
    this.values = seconds === undefined ? detail?.values : { seconds, ...detail?.values };
    this.headers = { ...(seconds === undefined ? {} : { 'Retry-After': String(seconds) }), ...detail?.headers };
  }
}

/** The failures domain functions return, with what they carry for the answer. */
export type CarriedFailure =
  | { code: Exclude<FailureCode, 'RATE_LIMITED'>; limit?: number; taken?: readonly { id: string; label: string }[]; opensAt?: Date; points?: number; values?: Values }
  | { code: 'RATE_LIMITED'; retryAfterSeconds: number };

/**
 * A domain function's `{ ok: false, code, … }` as the API answers it: a limit becomes the message's
 * `{limit}`, when sales open `{time}`, points asked `{points}`, any other `values` as they are, taken seats one entry each in `errors` (field seatIds, the seat's id: clients mark them on the map).
 */
export function failureOf(failure: CarriedFailure, detail?: FailureDetail): ApiError {
  if (failure.code === 'RATE_LIMITED') return new ApiError('RATE_LIMITED', { ...detail, retryAfterSeconds: failure.retryAfterSeconds });
  const carried: Values = {
    ...(failure.limit === undefined ? {} : { limit: failure.limit }),
    ...(failure.opensAt === undefined ? {} : { time: failure.opensAt }),
    ...(failure.points === undefined ? {} : { points: failure.points }),
    ...failure.values,
  };
  const values = Object.keys(carried).length ? { ...carried, ...detail?.values } : detail?.values;
  const fieldErrors = failure.taken
    ? failure.taken.map((seat) => ({ field: 'seatIds', id: seat.id, messageKey: 'cart.seatTakenOne', values: { seat: seat.label } }))
    : detail?.fieldErrors;
  return new ApiError(failure.code, { ...detail, values, fieldErrors });
}
