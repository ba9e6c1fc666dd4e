import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/organiser/console-frame';
import { TeamManager } from '@/components/organiser/team-manager';
import type { Locale } from '@/lib/i18n/routing';
import { consolePage } from '@/lib/server/organiser/console';
import { listTeam } from '@/lib/server/team/team';
import { orgScreenMetadata, orgScreenPage } from '../console-page';

export const generateMetadata = orgScreenMetadata('/organiser/team', 'organiser.team.title');

/** The current organisation's team: owners manage it; anyone else is told their role does not allow it. */
async function TeamScreen({ locale }: { locale: Locale }) {
  const access = await consolePage(locale, '/organiser/team', 'team');
  const t = await getTranslations('organiser.team');
  if (!access.ok) return <ConsoleFrame access={access} title={t('title')} />;
  const team = await listTeam(access.context.user, access.org.id);
  if (!team.ok) notFound();
  return (
    <ConsoleFrame access={access} title={t('title')}>
      <p className="max-w-3xl text-slate-700">{t('intro')}</p>
      <TeamManager orgId={access.org.id} organisation={access.org.name} me={access.context.user.id} members={team.members} invitations={team.invitations} />
    </ConsoleFrame>
  );
}

export default orgScreenPage(TeamScreen);
