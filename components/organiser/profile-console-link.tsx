import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { TitledSection } from '@/components/ui/titled-section';

/** On the profile of a member of an organisation: the way into the organiser console. */
export async function ProfileConsoleLink({ organisations }: { organisations: number }) {
  if (!organisations) return null;
  const t = await getTranslations('organiser.profileLink');
  return (
    <TitledSection id="profile-console" title={t('title')} className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mt-2 text-slate-700">{t('text', { count: organisations })}</p>
      <Link href="/organiser" className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700">
        {t('cta')}
      </Link>
    </TitledSection>
  );
}
