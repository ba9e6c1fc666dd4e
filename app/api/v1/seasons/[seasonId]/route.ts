// GET /api/v1/seasons/{seasonId} — a season's ticket sale: remaining matches, prices, every seat's state for the caller (or anyone)
import { seasonRefParamSchema } from '@/lib/schemas/seasons';
import { authenticate } from '@/lib/server/api/authenticate';
import { ApiError, apiRoute, json, parseWith } from '@/lib/server/api/respond';
import { seasonSale } from '@/lib/server/seasons/sale';

export const GET = apiRoute<{ seasonId: string }>(async (request, { params }) => {
  const { seasonId } = parseWith(seasonRefParamSchema, await params);
  const caller = await authenticate(request);
  const sale = await seasonSale(seasonId, caller?.user.id ?? null);
  if (!sale) throw new ApiError('SEASON_NOT_FOUND');
  return json({ season: sale });
});
