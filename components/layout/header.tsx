import { Suspense, type ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { LanguageSwitcher } from './language-switcher';
import { NavLink } from './nav-link';

/** `account` is the account links as the layout rendered them from the request's session (an AuthNav); they stream in. */
export async function Header({ account }: { account: ReactNode }) {
  const t = await getTranslations('nav');
  return (
    <header className="sticky top-0 z-30 border-b border-emerald-900/20 bg-emerald-900 text-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4">
        <Link data-fan-nav href="/" className="text-lg font-bold tracking-tight">
          Tribuna
        </Link>
        <nav data-fan-nav aria-label={t('main')} className="ml-2 hidden flex-1 items-center gap-1 md:flex">
          <NavLink href="/">{t('home')}</NavLink>
          <NavLink href="/events">{t('events')}</NavLink>
          <NavLink href="/tickets">{t('tickets')}</NavLink>
          <NavLink href="/about">{t('about')}</NavLink>
          <div className="ml-auto flex items-center gap-1">
            <Suspense fallback={<span className="inline-block h-9 w-48" aria-hidden="true" />}>
              {account}
            </Suspense>
          </div>
        </nav>
        <div className="ml-auto md:ml-0">
          <LanguageSwitcher />
        </div>
      </div>
    </header>
  );
}
