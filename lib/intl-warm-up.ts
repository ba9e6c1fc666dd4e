import { locales } from './i18n/locales';
import { getPathname } from './i18n/pathname';

// A page's first Intl.NumberFormat costs the browser 15–20 ms (it builds its number data); every later
// one, in any language, is nearly free. The event page's first one came from the ticket picker's
// "12 left" (ICU's `#`) and the resale offers' prices, inside the render that shows the live
// availability: on a phone (Lighthouse's 4× CPU) that made one task of it ~80 ms longer, after the
// first paint, where it counts as blocking time. This one inline script in <head> pays the cost while
// the page is still being parsed, before anything is painted — on the event pages only (the event, its
// cart and checkout: their client components format counts and prices as they hydrate). A page that
// formats no number (home, the events list) only had its first paint delayed by it. In <head> because
// lower down, the browser paints what comes before it first, and it becomes a task of its own after
// the first paint. Allowed by its hash (lib/csp.ts): the script is the same text on every page.
// The event page's path in each language with its id left empty: '/sk/podujatia/', the start of every event page's.
const EVENT_PAGES = locales.map((locale) => getPathname({ locale, href: { pathname: '/events/[id]', params: { id: '' } } }));

export const INTL_WARM_UP_SCRIPT = `if(${JSON.stringify(EVENT_PAGES)}.some(function(p){return location.pathname.indexOf(p)===0}))new Intl.NumberFormat(document.documentElement.lang)`;
