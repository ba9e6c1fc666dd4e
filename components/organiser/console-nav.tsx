import { getTranslations } from 'next-intl/server';
import type { ConsoleContext } from '@/lib/server/organiser/console';
import { ConsoleLink } from './console-link';
import { OrgSwitcher } from './org-switcher';

/** The console's header: the organisation (with a switcher for members of several), the caller's role and the console's screens. */
export async function ConsoleNav({ context }: { context: ConsoleContext }) {
  const t = await getTranslations('organiser');
  const ts = await getTranslations('seasons.organiser');
  const tp = await getTranslations('packages.organiser');
  const org = context.current;
  if (!org) return null;
  const can = (c: string) => org.capabilities.includes(c as never);
  return (
    <div className="space-y-3 border-b border-slate-200 pb-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <OrgSwitcher organisations={context.organisations.map((o) => ({ id: o.id, name: o.name }))} currentId={org.id} />
        <p className="text-sm text-slate-700">{t('yourRole', { role: t(`roles.${org.role}`) })}</p>
      </div>
      <nav aria-label={t('consoleNav')} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-1 px-1">
          {can('events') && (
            <>
              <li>
                <ConsoleLink href="/organiser/events">{t('nav.events')}</ConsoleLink>
              </li>
              <li>
                <ConsoleLink href="/organiser/venues">{t('nav.venues')}</ConsoleLink>
              </li>
              <li>
                <ConsoleLink href="/organiser/codes">{t('nav.codes')}</ConsoleLink>
              </li>
              <li>
                <ConsoleLink href="/organiser/seasons">{ts('nav')}</ConsoleLink>
              </li>
              <li>
                <ConsoleLink href="/organiser/packages">{tp('nav')}</ConsoleLink>
              </li>
              <li>
                <ConsoleLink href="/organiser/reports">{t('nav.reports')}</ConsoleLink>
              </li>
            </>
          )}
          {can('payouts') && (
            <li>
              <ConsoleLink href="/organiser/settlements">{t('nav.settlements')}</ConsoleLink>
            </li>
          )}
          {can('team') && (
            <li>
              <ConsoleLink href="/organiser/team">{t('nav.team')}</ConsoleLink>
            </li>
          )}
          {can('events') && (
            <li>
              <ConsoleLink href="/organiser/settings">{t('nav.settings')}</ConsoleLink>
            </li>
          )}
          <li>
            <ConsoleLink href="/scanner">{t('nav.scanner')}</ConsoleLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
