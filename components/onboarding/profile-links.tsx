import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { TitledSection } from '@/components/ui/titled-section';
import type { ApplicationView } from '@/lib/schemas/onboarding';

const box = 'rounded-xl border border-slate-200 bg-white p-6';
const cta = 'mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700';

/** On the profile: the way to apply to sell on Tribuna, or to the application under way. */
export async function ProfileApplyLink({ application }: { application: ApplicationView | null }) {
  if (application?.status === 'approved') return null;
  const [t, statuses] = await Promise.all([getTranslations('onboarding.apply.profileLink'), getTranslations('onboarding.statuses')]);
  return (
    <TitledSection id="profile-apply" title={t('title')} className={box}>
      <p className="mt-2 text-slate-700">{application ? t('textOpen', { status: statuses(application.status) }) : t('text')}</p>
      <Link href="/sell" className={cta}>
        {t('cta')}
      </Link>
    </TitledSection>
  );
}

/** On a Tribuna admin's profile: the way to the applications to review. */
export async function ProfileApplicationsLink({ admin }: { admin: boolean }) {
  if (!admin) return null;
  const t = await getTranslations('onboarding.admin.profileLink');
  return (
    <TitledSection id="profile-applications" title={t('title')} className={box}>
      <p className="mt-2 text-slate-700">{t('text')}</p>
      <Link href="/admin/applications" className={cta}>
        {t('cta')}
      </Link>
    </TitledSection>
  );
}
