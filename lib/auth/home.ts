// Where a person lands after signing in when no page asked for them (docs/decisions/office-landing.md):
// an organiser (owner or manager of any organisation) in the console, gate-only staff on the scanner,
// a fan on the profile. The server decides the kind (lib/server/organiser/landing.ts); this maps it to a screen.
import { locales } from '@/lib/i18n/locales';

export const HOMES = ['console', 'scanner', 'profile'] as const;
export type Home = (typeof HOMES)[number];

export const HOME_SCREENS = { console: '/organiser', scanner: '/scanner', profile: '/profile' } as const satisfies Record<Home, string>;

/**
 * The return path a sign-in should honour: none when it is only the home page (the sign-in tab carries
 * the page it was pressed on, and from the home page that means "nowhere in particular").
 */
export function meaningfulReturn(next: string | null): string | null {
  if (!next) return null;
  const path = next.split(/[?#]/, 1)[0].replace(/\/$/, '');
  if (path === '' || locales.some((locale) => path === `/${locale}`)) return null;
  return next;
}

/** Where someone who just joined a team lands: a scanner at the gate, everyone else in the console. */
export function homeAfterJoining(role: 'owner' | 'manager' | 'scanner'): Home {
  return role === 'scanner' ? 'scanner' : 'console';
}
