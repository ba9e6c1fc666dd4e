import 'server-only';
// Server-side guards (spec §4), the real check behind the proxy's redirects. Call them at the top of
// the dynamic part of a page:
//
//   const user = await requireSignedIn(locale, { pathname: '/events/[id]/cart', params: { id } });
//
import { cookies } from 'next/headers';
import { redirect as nextRedirect } from 'next/navigation';
import { HOME_SCREENS, meaningfulReturn } from '@/lib/auth/home';
import { RETURN_PARAM, safeReturnPath } from '@/lib/auth/return-path';
import { getPathname, redirect } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { homeOf } from '@/lib/server/organiser/landing';
import { getCurrentUser } from './current-user';
import { SESSION_COOKIE } from './session-secret';
import type { SessionUser } from './session-token';

type Href = Parameters<typeof getPathname>[0]['href'];

/** The signed-in user, or a redirect to sign-in that comes back to `here` afterwards. */
export async function requireSignedIn(locale: Locale, here: Href): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (user) return user;
  const query: Record<string, string> = { [RETURN_PARAM]: getPathname({ locale, href: here }) };
  // A cookie that no longer names a live session: ?expired=1 tells the proxy to drop it.
  if ((await cookies()).get(SESSION_COOKIE)?.value) query.expired = '1';
  return redirect({ href: { pathname: '/signin', query }, locale });
}

/** Sends a signed-in person from sign-in/sign-up to the page they came for, else where they land (lib/auth/home.ts). */
export async function redirectIfSignedIn(locale: Locale, next: string | null): Promise<void> {
  const user = await getCurrentUser();
  if (!user) return;
  const target = meaningfulReturn(safeReturnPath(next));
  if (target) nextRedirect(target);
  redirect({ href: HOME_SCREENS[await homeOf(user.id)], locale });
}
