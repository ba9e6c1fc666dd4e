import { getTranslations } from 'next-intl/server';
import { NavLink } from './nav-link';

/** The header's account links. The layout reads the session on the server and says whether someone is signed in. */
export async function AuthNav({ signedIn }: { signedIn: boolean }) {
  const t = await getTranslations('nav');
  if (signedIn) return <NavLink href="/profile">{t('profile')}</NavLink>;
  return (
    <>
      <NavLink href="/signin" returnHere>{t('signIn')}</NavLink>
      <NavLink href="/signup" variant="button">
        {t('signUp')}
      </NavLink>
    </>
  );
}
