// Types of scripts/gzip-splice.mjs (plain JavaScript, run by Node outside the app's bundle).
export type PreparedSplice = { head: Buffer; tail: Buffer; headCrc: number; tailText: Buffer; length: number };
export function prepareSplice(head: Buffer, tail: Buffer, options?: { level?: number }): PreparedSplice;
export function spliceGzip(prepared: PreparedSplice, middle: Buffer): Buffer;
