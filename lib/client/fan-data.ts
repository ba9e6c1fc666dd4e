// A signed-in fan's own data that came with the page (lib/server/serving/page-cache.ts): the production server
// answers signed-in fans from a shell they all share and puts each fan's user (and, on Your tickets,
// their tickets) in <script type="application/json" id="tribuna-…"> elements of the page's <head>.
// Read once, in the browser only, before anything renders; undefined where the page carries none
// (a page Next rendered for the request, the server's own render, `next dev`).

const read = new Map<string, unknown>();

/** The page's `tribuna-<name>` data, parsed, or undefined. */
export function fanDataOfPage<T>(name: 'me' | 'tickets'): T | undefined {
  if (typeof document === 'undefined') return undefined;
  if (!read.has(name)) {
    const text = document.getElementById(`tribuna-${name}`)?.textContent;
    let value: unknown;
    try {
      value = text ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    read.set(name, value);
  }
  return read.get(name) as T | undefined;
}
