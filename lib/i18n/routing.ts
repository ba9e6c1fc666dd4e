import { defineRouting } from 'next-intl/routing';

import { defaultLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales } from './locales';

// The languages themselves live in ./locales (what code that needs no paths imports, e.g. the fatal-error page).
export { defaultLocale, isLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, locales, type Locale } from './locales';

/** Internal path → the path a person sees in each language (spec §2). */
export const pathnames = {
  '/': '/',
  '/about': { sk: '/o-nas', cs: '/o-nas', en: '/about' },
  '/terms': { sk: '/obchodne-podmienky', cs: '/obchodni-podminky', en: '/terms' },
  '/privacy': { sk: '/ochrana-osobnych-udajov', cs: '/ochrana-osobnich-udaju', en: '/privacy' },
  '/events': { sk: '/podujatia', cs: '/udalosti', en: '/events' },
  '/events/[id]': { sk: '/podujatia/[id]', cs: '/udalosti/[id]', en: '/events/[id]' },
  '/events/[id]/cart': { sk: '/podujatia/[id]/kosik', cs: '/udalosti/[id]/kosik', en: '/events/[id]/cart' },
  '/events/[id]/checkout': { sk: '/podujatia/[id]/pokladna', cs: '/udalosti/[id]/pokladna', en: '/events/[id]/checkout' },
  '/events/[id]/feedback': { sk: '/podujatia/[id]/hodnotenie', cs: '/udalosti/[id]/hodnoceni', en: '/events/[id]/feedback' },
  '/events/[id]/queue': { sk: '/podujatia/[id]/rad', cs: '/udalosti/[id]/fronta', en: '/events/[id]/queue' },
  '/orders/[id]': { sk: '/objednavky/[id]', cs: '/objednavky/[id]', en: '/orders/[id]' },
  '/orders': { sk: '/objednavky', cs: '/objednavky', en: '/orders' },
  '/pay/[paymentId]': { sk: '/platba/[paymentId]', cs: '/platba/[paymentId]', en: '/pay/[paymentId]' },
  '/ios-payment-redirect': '/ios-payment-redirect',
  '/tickets': { sk: '/vstupenky', cs: '/vstupenky', en: '/tickets' },
  '/seasons/[slug]': { sk: '/permanentky/[slug]', cs: '/permanentky/[slug]', en: '/seasons/[slug]' },
  '/seasons/[slug]/queue': { sk: '/permanentky/[slug]/rad', cs: '/permanentky/[slug]/fronta', en: '/seasons/[slug]/queue' },
  '/scanner': { sk: '/skener', cs: '/skener', en: '/scanner' },
  '/signin': { sk: '/prihlasenie', cs: '/prihlaseni', en: '/signin' },
  '/signup': { sk: '/registracia', cs: '/registrace', en: '/signup' },
  '/profile': { sk: '/profil', cs: '/profil', en: '/profile' },
  '/password-reset': { sk: '/obnovenie-hesla', cs: '/obnoveni-hesla', en: '/password-reset' },
  '/password-reset/new': { sk: '/obnovenie-hesla/nove', cs: '/obnoveni-hesla/nove', en: '/password-reset/new' },
  '/verify-email': { sk: '/overenie-emailu', cs: '/overeni-emailu', en: '/verify-email' },
  // An email's unsubscribe link (a signed token: notifications/token.ts).
  '/notifications/unsubscribe': { sk: '/upozornenia/odhlasenie', cs: '/upozorneni/odhlaseni', en: '/notifications/unsubscribe' },
  // The organiser console (organiser/…): signed-in members of an organisation.
  '/organiser': { sk: '/organizator', cs: '/poradatel', en: '/organiser' },
  '/organiser/events': { sk: '/organizator/podujatia', cs: '/poradatel/udalosti', en: '/organiser/events' },
  '/organiser/events/new': { sk: '/organizator/podujatia/nove', cs: '/poradatel/udalosti/nova', en: '/organiser/events/new' },
  '/organiser/events/[eventId]': { sk: '/organizator/podujatia/[eventId]', cs: '/poradatel/udalosti/[eventId]', en: '/organiser/events/[eventId]' },
  '/organiser/events/[eventId]/preview': { sk: '/organizator/podujatia/[eventId]/nahlad', cs: '/poradatel/udalosti/[eventId]/nahled', en: '/organiser/events/[eventId]/preview' },
  '/organiser/events/[eventId]/prices': { sk: '/organizator/podujatia/[eventId]/ceny', cs: '/poradatel/udalosti/[eventId]/ceny', en: '/organiser/events/[eventId]/prices' },
  '/organiser/events/[eventId]/seats': { sk: '/organizator/podujatia/[eventId]/miesta', cs: '/poradatel/udalosti/[eventId]/mista', en: '/organiser/events/[eventId]/seats' },
  '/organiser/events/[eventId]/images': { sk: '/organizator/podujatia/[eventId]/obrazky', cs: '/poradatel/udalosti/[eventId]/obrazky', en: '/organiser/events/[eventId]/images' },
  '/organiser/events/[eventId]/resale': { sk: '/organizator/podujatia/[eventId]/dalsi-predaj', cs: '/poradatel/udalosti/[eventId]/dalsi-prodej', en: '/organiser/events/[eventId]/resale' },
  '/organiser/events/[eventId]/named-tickets': { sk: '/organizator/podujatia/[eventId]/na-meno', cs: '/poradatel/udalosti/[eventId]/na-jmeno', en: '/organiser/events/[eventId]/named-tickets' },
  '/organiser/events/[eventId]/waiting-room': { sk: '/organizator/podujatia/[eventId]/cakaren', cs: '/poradatel/udalosti/[eventId]/cekarna', en: '/organiser/events/[eventId]/waiting-room' },
  '/organiser/events/[eventId]/live': { sk: '/organizator/podujatia/[eventId]/nazivo', cs: '/poradatel/udalosti/[eventId]/zive', en: '/organiser/events/[eventId]/live' },
  '/organiser/events/[eventId]/announcements': { sk: '/organizator/podujatia/[eventId]/oznamenia', cs: '/poradatel/udalosti/[eventId]/oznameni', en: '/organiser/events/[eventId]/announcements' },
  '/organiser/events/[eventId]/report': { sk: '/organizator/podujatia/[eventId]/prehlad', cs: '/poradatel/udalosti/[eventId]/prehled', en: '/organiser/events/[eventId]/report' },
  '/organiser/events/[eventId]/feedback': { sk: '/organizator/podujatia/[eventId]/hodnotenie', cs: '/poradatel/udalosti/[eventId]/hodnoceni', en: '/organiser/events/[eventId]/feedback' },
  '/organiser/reports': { sk: '/organizator/prehlady', cs: '/poradatel/prehledy', en: '/organiser/reports' },
  '/organiser/venues': { sk: '/organizator/miesta-konania', cs: '/poradatel/mista-konani', en: '/organiser/venues' },
  '/organiser/venues/new': { sk: '/organizator/miesta-konania/nove', cs: '/poradatel/mista-konani/nove', en: '/organiser/venues/new' },
  '/organiser/venues/[venueId]': { sk: '/organizator/miesta-konania/[venueId]', cs: '/poradatel/mista-konani/[venueId]', en: '/organiser/venues/[venueId]' },
  '/organiser/codes': { sk: '/organizator/kody', cs: '/poradatel/kody', en: '/organiser/codes' },
  '/organiser/team': { sk: '/organizator/tim', cs: '/poradatel/tym', en: '/organiser/team' },
  '/organiser/support': { sk: '/organizator/podpora', cs: '/poradatel/podpora', en: '/organiser/support' },
  '/organiser/audit-log': { sk: '/organizator/auditny-zaznam', cs: '/poradatel/auditni-zaznam', en: '/organiser/audit-log' },
  '/organiser/settlements': { sk: '/organizator/vyuctovanie', cs: '/poradatel/vyuctovani', en: '/organiser/settlements' },
  '/organiser/payouts': { sk: '/organizator/vyplaty', cs: '/poradatel/vyplaty', en: '/organiser/payouts' },
  '/organiser/documents': { sk: '/organizator/doklady', cs: '/poradatel/doklady', en: '/organiser/documents' },
  '/organiser/settings': { sk: '/organizator/nastavenia', cs: '/poradatel/nastaveni', en: '/organiser/settings' },
  '/organiser/invitation': { sk: '/organizator/pozvanka', cs: '/poradatel/pozvanka', en: '/organiser/invitation' },
  '/organiser/seasons': { sk: '/organizator/permanentky', cs: '/poradatel/permanentky', en: '/organiser/seasons' },
  '/organiser/seasons/[seasonId]': { sk: '/organizator/permanentky/[seasonId]', cs: '/poradatel/permanentky/[seasonId]', en: '/organiser/seasons/[seasonId]' },
  '/organiser/seasons/[seasonId]/waiting-room': { sk: '/organizator/permanentky/[seasonId]/cakaren', cs: '/poradatel/permanentky/[seasonId]/cekarna', en: '/organiser/seasons/[seasonId]/waiting-room' },
  '/organiser/packages': { sk: '/organizator/baliky', cs: '/poradatel/balicky', en: '/organiser/packages' },
  '/organiser/announcements': { sk: '/organizator/oznamenia', cs: '/poradatel/oznameni', en: '/organiser/announcements' },
  // Applying to sell on Tribuna (onboarding/): a signed-in person's application.
  '/sell': { sk: '/predavajte', cs: '/prodavejte', en: '/sell' },
  // Tribuna's own administration (users.is_admin): resale payout runs, applications to sell.
  '/admin/payouts': { sk: '/admin/vyplaty', cs: '/admin/vyplaty', en: '/admin/payouts' },
  '/admin/applications': { sk: '/admin/ziadosti', cs: '/admin/zadosti', en: '/admin/applications' },
  '/admin/support': { sk: '/admin/podpora', cs: '/admin/podpora', en: '/admin/support' },
  '/admin/audit-log': { sk: '/admin/auditny-zaznam', cs: '/admin/auditni-zaznam', en: '/admin/audit-log' },
  '/admin/organisations': { sk: '/admin/organizacie', cs: '/admin/organizace', en: '/admin/organisations' },
} as const;

export type AppPathname = keyof typeof pathnames;

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' },
  alternateLinks: true,
  pathnames,
});
