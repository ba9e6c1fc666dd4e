// The one time zone of Tribuna (docs/decisions/rules-with-one-home.md): events happen, sales open and
// reports count days in Slovakia and Czechia, which keep the same clock. Dates are shown in it
// (./formats.ts, next-intl's config in ./request.ts), the console's date-time inputs are read in it
// (lib/organiser/zoned-time.ts), and SQL that counts days is given it as a parameter. No 'server-only':
// client components and the seed use it too.
export const TIME_ZONE = 'Europe/Bratislava';
