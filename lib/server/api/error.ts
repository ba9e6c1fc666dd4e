import 'server-only';

/**
 * An expected failure, raised inside a handler and turned into a translated JSON answer by `apiRoute`
 * (lib/server/api/respond.ts). `messageKey` is a key in messages/*.json; `headers` go on the answer.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: string,
    readonly fieldErrors: { field?: string; messageKey: string }[] = [],
    readonly values?: Record<string, string | number>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}
