import type { OrganiserSeason, SeasonCategoriesInput } from '@/lib/schemas/seasons';

/** PUT …/categories's body that saves a season's categories and mapping as they are. */
export function categoriesBodyOf(season: OrganiserSeason): SeasonCategoriesInput {
  const index = new Map(season.categories.map((c, i) => [c.id, i]));
  return {
    categories: season.categories.map((c) => ({ id: c.id, name: c.name, color: c.color, price: c.price })),
    mapping: season.matches.flatMap((m) => m.priceCategories.map((pc) => ({ ticketTypeId: pc.id, category: pc.seasonCategoryId ? index.get(pc.seasonCategoryId)! : null }))),
  };
}

/**
 * The same body with each unmapped price category mapped as the office would map a new match of the same
 * club: onto the season category its code is mapped onto at another match.
 */
export function mappedByCode(season: OrganiserSeason): SeasonCategoriesInput {
  const body = categoriesBodyOf(season);
  const byCode = new Map(season.matches.flatMap((m) => m.priceCategories.filter((pc) => pc.seasonCategoryId).map((pc) => [pc.code, pc.seasonCategoryId!] as const)));
  const index = new Map(season.categories.map((c, i) => [c.id, i]));
  const codeOf = new Map(season.matches.flatMap((m) => m.priceCategories.map((pc) => [pc.id, pc.code] as const)));
  body.mapping = body.mapping.map((m) => (m.category === null && byCode.has(codeOf.get(m.ticketTypeId)!) ? { ...m, category: index.get(byCode.get(codeOf.get(m.ticketTypeId)!)!)! } : m));
  return body;
}
