// One gzipped page for each signed-in fan without compressing the whole page for each (./page-cache.ts):
// the shared shell's two halves are compressed once, and only the fan's own few hundred bytes between
// them are compressed per answer. A deflate stream is a run of blocks; a block sequence that ends with a
// sync flush is byte-aligned and not final, so sequences compressed apart join into one valid stream
// (RFC 1951 §3.2.3) as long as only the last is final. The gzip frame around it (RFC 1952) names the
// CRC-32 and length of the whole text, which zlib.crc32 extends from the head's over the rest.
import { constants, crc32, deflateRawSync } from 'node:zlib';

const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** A shell's halves compressed once, with what the gzip frame needs. */
export type PreparedSplice = {
  /** The head as raw deflate, ending with a sync flush (not final). */
  head: Buffer;
  /** The tail as raw deflate, final. */
  tail: Buffer;
  headCrc: number;
  tailText: Buffer;
  length: number;
};

/** The shell's halves, compressed once: { head, tail } as raw deflate, with what the frame needs. */
export function prepareSplice(head: Buffer, tail: Buffer, { level = 6 }: { level?: number } = {}): PreparedSplice {
  return {
    head: deflateRawSync(head, { level, finishFlush: constants.Z_SYNC_FLUSH }),
    tail: deflateRawSync(tail, { level }),
    headCrc: crc32(head),
    tailText: tail,
    length: head.length + tail.length,
  };
}

/** The gzip of head + middle + tail, compressing only `middle`. */
export function spliceGzip(prepared: PreparedSplice, middle: Buffer): Buffer {
  // (zlib closes the stream on an empty input, final block and all: nothing to put between, then.)
  const between = middle.length ? deflateRawSync(middle, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }) : Buffer.alloc(0);
  const crc = crc32(prepared.tailText, crc32(middle, prepared.headCrc));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((prepared.length + middle.length) % 2 ** 32, 4);
  return Buffer.concat([HEADER, prepared.head, between, prepared.tail, trailer]);
}
