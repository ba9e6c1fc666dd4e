// What a failure row is: the HTTP status, the message key and the form field of one failure code. Each
// feature's failures.ts declares the rows of the codes it owns with `failureRows` (checked by the
// compiler: every code its domain functions return has a row, here or in a feature it builds on);
// scripts/assemble-modules.mjs gathers them into the one failure table (./failures.ts).
import type { Messages, MessageKeys, NestedKeyOf } from 'next-intl';

/** A key of messages/*.json (the three files have the same keys: tests/unit/messages.test.ts). */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;

/** The failure codes a domain function returns as `{ ok: false, code }`. */
export type FailureCodeOf<F extends (...args: never[]) => Promise<unknown>> = Extract<Awaited<ReturnType<F>>, { ok: false }> extends { code: infer C } ? C : never;

export type Failure = {
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
  key: MessageKey;
  /** The form field the message is shown at. */
  field?: string;
  /**
   * The code the API answers with, when it is not the row's own: one code of the API contract that
   * means different things in different domains (a ticket's NOT_FOUND has its own sentence).
   */
  answersAs?: string;
};

/** A feature's own rows: the codes it names, each with its row. */
export function failureRows<const R extends Record<string, Failure>>(rows: R): R {
  return rows;
}
