// GET /api/v1/organiser/redeem-codes.csv?batch={batchId} — a batch's codes as CSV (UTF-8 with BOM for Excel), streamed
import { Readable } from 'node:stream';
import { redeemCsvQuerySchema } from '@/lib/schemas/organiser-codes';
import { requireCaller } from '@/lib/server/api/authenticate';
import { requestLocale } from '@/lib/server/api/request-locale';
import { apiRoute, failureOf, parseQuery } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { csvHead, csvLines } from '@/lib/server/reports/csv';
import { redeemBatchCsv } from '@/lib/server/organiser/redeem-codes';

export const GET = apiRoute(async (request) => {
  const caller = await requireCaller(request);
  const { batch } = parseQuery(request, redeemCsvQuerySchema);
  const locale = requestLocale(request);
  const t = translator(locale);
  const k = 'organiser.codes.csv';
  const result = await redeemBatchCsv(caller.user.id, batch, locale, { yes: t(`${k}.yes`), no: t(`${k}.no`) });
  if (!result.ok) throw failureOf(result);
  const columns = (['code', 'category', 'expiresAt', 'usedAt', 'usedByEmail', 'active'] as const).map((key) => ({ key, header: t(`${k}.${key}`) }));
  const rows = result.rows;
  // Every cell through csv.ts, like every export: a category name is the organiser's text.
  async function* lines() {
    yield Buffer.from(csvHead(columns));
    for await (const row of rows()) yield Buffer.from(csvLines([row], columns));
  }
  const csv = Readable.from(lines());
  // A failure half-way (the database gone) ends the download with an error instead of leaving it open.
  csv.on('error', (error) => console.error(`Redeem code CSV of batch ${batch} failed:`, error.message));
  return new Response(Readable.toWeb(csv) as ReadableStream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${result.filename}"`,
      'cache-control': 'private, no-store',
    },
  });
});
