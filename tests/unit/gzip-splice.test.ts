// Gzip for each signed-in fan's page from a shell compressed once (lib/server/serving/gzip-splice.ts): what the
// browser un-gzips is exactly the shell with the fan's part in it, CRC and length checked by zlib.
import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { prepareSplice, spliceGzip } from '@/lib/server/serving/gzip-splice';

describe('spliced gzip', () => {
  const head = Buffer.from(`<html><head><title>Tribuna</title>${'<meta name="x" content="y">'.repeat(200)}`);
  const tail = Buffer.concat([Buffer.from('</head><body>'), Buffer.from(randomBytes(50_000).toString('base64')), Buffer.from('</body></html>')]);

  it('un-gzips to head + the fan’s part + tail, for every fan, and an empty part too', () => {
    const prepared = prepareSplice(head, tail);
    for (const own of ['<script type="application/json" id="tribuna-me">{"firstName":"Jana"}</script>', 'ľščťžýáíé — ' + 'x'.repeat(5000), '']) {
      const middle = Buffer.from(own);
      expect(gunzipSync(spliceGzip(prepared, middle)).equals(Buffer.concat([head, middle, tail]))).toBe(true);
    }
  });

  it('is about as small as gzipping the whole page', () => {
    const middle = Buffer.from('<script type="application/json" id="tribuna-me">{"id":"u-1"}</script>');
    const spliced = spliceGzip(prepareSplice(head, tail), middle).length;
    const whole = gzipSync(Buffer.concat([head, middle, tail]), { level: 6 }).length;
    expect(spliced).toBeLessThan(whole * 1.02 + 64);
  });
});
