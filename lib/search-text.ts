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
