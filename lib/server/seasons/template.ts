import 'server-only';
import { eq } from 'drizzle-orm';
import type { OrganiserSeason } from '@/lib/schemas/seasons';
import { getDb, isUniqueViolation, tables } from '@/lib/server/db';
import { copyEvent } from '@/lib/server/events/edit/duplicate';
import { refusable, refuse } from '@/lib/server/events/edit/rules';
import type { UnitsTaken } from '@/lib/server/inventory/sync';
import type { AccessFailure } from '@/lib/server/organiser/access';
import { addMatchIn, seasonAccess, seasonView } from './organiser';
import { sweepSeasonRenewals } from './renewal-blocks';

// A season's template: the match its new matches start from, so that categories, prices, concessions,
// resale rules, the image and the venue's seat blocks are not entered again for every match of a season.

type TemplateFailure = { ok: false; code: 'SEASON_TEMPLATE_INVALID' };

/**
 * Chooses the season's template: one of its own matches (null: none). Another event, also one of the same
 * organisation outside the season, is SEASON_TEMPLATE_INVALID.
 */
export async function setSeasonTemplate(userId: string, seasonId: string, eventId: string | null): Promise<{ ok: true; season: OrganiserSeason } | AccessFailure | TemplateFailure> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const db = getDb();
  if (eventId) {
    const [event] = await db.select({ seasonId: tables.events.seasonId }).from(tables.events).where(eq(tables.events.id, eventId));
    if (event?.seasonId !== seasonId) return { ok: false, code: 'SEASON_TEMPLATE_INVALID' };
  }
  await db.update(tables.seasons).set({ templateEventId: eventId }).where(eq(tables.seasons.id, seasonId));
  return { ok: true, season: await seasonView(seasonId) };
}

export type MatchFromTemplateFailure =
  | AccessFailure
  | UnitsTaken
  | { ok: false; code: 'SEASON_NO_TEMPLATE' | 'DUPLICATE_IN_PAST' | 'SEASON_MATCH_INVALID' };

/**
 * "New match from template": a draft copied from the season's template (events/edit/duplicate.ts, the one
 * copier: texts, venue, price categories with prices and places, concessions, resale and gifting rules,
 * named tickets, waiting list, image and gallery) at `startsAt`, without the template's sale windows and
 * without anything sold; it joins the season at once (every holder gets their ticket for it, as when a
 * match is added). It is published like any draft (events/edit/publish.ts).
 */
export async function matchFromTemplate(
  userId: string,
  seasonId: string,
  input: { startsAt: string },
  now = new Date(),
): Promise<{ ok: true; eventId: string; season: OrganiserSeason; issued: number; missing: number } | MatchFromTemplateFailure> {
  const access = await seasonAccess(userId, seasonId);
  if (!access.ok) return access;
  const startsAt = new Date(input.startsAt);
  if (startsAt <= now) return { ok: false, code: 'DUPLICATE_IN_PAST' };
  const [season] = await getDb().select({ templateEventId: tables.seasons.templateEventId }).from(tables.seasons).where(eq(tables.seasons.id, seasonId));
  const templateId = season?.templateEventId;
  if (!templateId) return { ok: false, code: 'SEASON_NO_TEMPLATE' };

  const make = () =>
    refusable<{ ok: true; eventId: string; issued: number; missing: number }, MatchFromTemplateFailure>(() =>
      getDb().transaction(async (tx) => {
        const copy = await copyEvent(tx, templateId, startsAt, { sales: false });
        const added = await addMatchIn(tx, seasonId, copy.event.id, now);
        if (!added.ok) refuse(added);
        return { ok: true as const, eventId: copy.event.id, issued: added.issued, missing: added.missing };
      }),
    );
  // Two copies of one title at once may pick the same slug: the second tries the next one (as duplicateEvent does).
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await make();
      if (!result.ok) return result;
      await sweepSeasonRenewals();
      return { ...result, season: await seasonView(seasonId) };
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}
