// A page's first Intl.NumberFormat costs the browser 15–20 ms (it builds its number data); every later
// one, in any language, is nearly free. The event page's first one came from the ticket picker's
// "12 left" (ICU's `#`) and the resale offers' prices, inside the render that shows the live
// availability: on a phone (Lighthouse's 4× CPU) that made one task of it ~80 ms longer, after the
// first paint, where it counts as blocking time. This one inline script in <head> pays the cost while
// the page is still being parsed, before anything is painted. Allowed by its hash (lib/csp.ts).
export const INTL_WARM_UP_SCRIPT = 'new Intl.NumberFormat(document.documentElement.lang)';
