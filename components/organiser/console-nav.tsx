import { getTranslations } from 'next-intl/server';
import type { ConsoleContext } from '@/lib/server/organiser/console';
import { Link } from '@/lib/i18n/navigation';
import { ConsoleLink } from './console-link';
import { ConsoleBarLink } from './console-tab-bar';
import { OrgSwitcher } from './org-switcher';

/**
 * The console's header: the organisation (with a switcher for members of several), the caller's role, the way
 * to the fan side and the console's screens; on a phone also the console's own bottom bar instead of the fan tabs.
 */
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
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <p className="text-slate-700">{t('yourRole', { role: t(`roles.${org.role}`) })}</p>
          <Link href="/" className="font-medium text-emerald-800 underline">
            {t('nav.fanSideLong')}
          </Link>
        </div>
      </div>
      <nav aria-label={t('consoleNav')} data-tab-row className="-mx-1 overflow-x-auto">
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
                <ConsoleLink href="/organiser/announcements">{t('nav.announcements')}</ConsoleLink>
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
          {can('payout-list') && (
            <li>
              <ConsoleLink href="/organiser/payouts">{t('nav.payouts')}</ConsoleLink>
            </li>
          )}
          {can('payouts') && (
            <li>
              <ConsoleLink href="/organiser/documents">{t('nav.documents')}</ConsoleLink>
            </li>
          )}
          {can('support') && (
            <li>
              <ConsoleLink href="/organiser/support">{t('nav.support')}</ConsoleLink>
            </li>
          )}
          {can('audit') && (
            <li>
              <ConsoleLink href="/organiser/audit-log">{t('nav.auditLog')}</ConsoleLink>
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
      {/* On a phone the console's own bar replaces the fan tab bar (app/globals.css hides that one while this is on the page). */}
      <nav aria-label={t('nav.tabs')} data-console-tabs className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden">
        <ul className="grid auto-cols-fr grid-flow-col">
          {can('events') && (
            <>
              <li>
                <ConsoleBarLink href="/organiser/events" icon="events">
                  {t('nav.events')}
                </ConsoleBarLink>
              </li>
              <li>
                <ConsoleBarLink href="/organiser/reports" icon="reports">
                  {t('nav.reports')}
                </ConsoleBarLink>
              </li>
            </>
          )}
          {can('team') && (
            <li>
              <ConsoleBarLink href="/organiser/team" icon="team">
                {t('nav.team')}
              </ConsoleBarLink>
            </li>
          )}
          <li>
            <ConsoleBarLink href="/scanner" icon="scanner">
              {t('nav.scannerShort')}
            </ConsoleBarLink>
          </li>
          <li>
            <ConsoleBarLink href="/" icon="fans">
              {t('nav.fanSide')}
            </ConsoleBarLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}
