/** Lower case without diacritics: 'Košice' → 'kosice', 'Žilina' → 'zilina'. Used for both stored text and queries. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * What an event is found by (events.search_text): its titles in every language, performers, venue, city
 * and organiser, folded. The seed and the organiser console both store it through this one rule.
 */
export function eventSearchText(event: {
  title: { sk: string; cs: string; en: string };
  performers: readonly string[];
  venueName: string;
  venueCity: string;
  orgName: string;
}): string {
  return foldForSearch([event.title.sk, event.title.cs, event.title.en, ...event.performers, event.venueName, event.venueCity, event.orgName].join(' '));
}
