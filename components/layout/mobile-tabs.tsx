import { Suspense, type ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { TabLink } from './tab-link';

/** The last tab: Profile when someone is signed in, else Sign In. */
export async function AccountTab({ signedIn }: { signedIn: boolean }) {
  const t = await getTranslations('tabs');
  return signedIn ? <TabLink href="/profile" icon="profile" label={t('profile')} /> : <TabLink href="/signin" icon="signin" label={t('signIn')} returnHere />;
}

/**
 * Bottom tabs on phones (spec §2): Sign In or Profile, Tickets, Events, Home. `account` is the last
 * tab as the layout rendered it from the request's session (an AccountTab); it streams in.
 */
export async function MobileTabs({ account }: { account: ReactNode }) {
  const [t, tNav] = await Promise.all([getTranslations('tabs'), getTranslations('nav')]);
  return (
    <nav
      data-fan-nav
      aria-label={tNav('tabs')}
      data-fan-tabs
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="grid grid-cols-4">
        <li>
          <TabLink href="/" icon="home" label={t('home')} />
        </li>
        <li>
          <TabLink href="/events" icon="events" label={t('events')} />
        </li>
        <li>
          <TabLink href="/tickets" icon="tickets" label={t('tickets')} />
        </li>
        <li>
          <Suspense fallback={<span className="block h-14" aria-hidden="true" />}>
            {account}
          </Suspense>
        </li>
      </ul>
    </nav>
  );
}
