import { Suspense } from 'react';
import { getTranslations } from 'next-intl/server';
import { getCurrentUser } from '@/lib/server/auth/current-user';
import { TabLink } from './tab-link';

async function AccountTab() {
  const [t, user] = await Promise.all([getTranslations('tabs'), getCurrentUser()]);
  return user ? <TabLink href="/profile" icon="profile" label={t('profile')} /> : <TabLink href="/signin" icon="signin" label={t('signIn')} />;
}

/** Bottom tabs on phones (spec §2): Sign In or Profile, Tickets, Events, Home. */
export async function MobileTabs() {
  const [t, tNav] = await Promise.all([getTranslations('tabs'), getTranslations('nav')]);
  return (
    <nav
      aria-label={tNav('tabs')}
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
            <AccountTab />
          </Suspense>
        </li>
      </ul>
    </nav>
  );
}
