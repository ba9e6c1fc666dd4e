import { getTranslations } from 'next-intl/server';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { NavLink } from './nav-link';

/** The header's account links: the request's session decides, on the server, before anything is shown. */
export async function AuthNav() {
  const [t, user] = await Promise.all([getTranslations('nav'), getCurrentUser()]);
  if (user) return <NavLink href="/profile">{t('profile')}</NavLink>;
  return (
    <>
      <NavLink href="/signin">{t('signIn')}</NavLink>
      <NavLink href="/signup" variant="button">
        {t('signUp')}
      </NavLink>
    </>
  );
}
