import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { TitledSection } from '@/components/ui/titled-section';

/** On a Tribuna admin's profile: the way to the payout runs. */
export async function ProfileAdminLink({ admin }: { admin: boolean }) {
  if (!admin) return null;
  const t = await getTranslations('payouts.profileLink');
  const ts = await getTranslations('support');
  const to = await getTranslations('organisations');
  return (
    <TitledSection id="profile-admin" title={t('title')} className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mt-2 text-slate-700">{t('text')}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link href="/admin/payouts" className="inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700">
          {t('cta')}
        </Link>
        <Link href="/admin/support" className="inline-block rounded-lg border border-slate-400 px-5 py-3 font-medium text-slate-900 hover:bg-slate-50">
          {ts('title')}
        </Link>
        <Link href="/admin/audit-log" className="inline-block rounded-lg border border-slate-400 px-5 py-3 font-medium text-slate-900 hover:bg-slate-50">
          {ts('audit.title')}
        </Link>
        <Link href="/admin/organisations" className="inline-block rounded-lg border border-slate-400 px-5 py-3 font-medium text-slate-900 hover:bg-slate-50">
          {to('profileLink')}
        </Link>
      </div>
    </TitledSection>
  );
}
