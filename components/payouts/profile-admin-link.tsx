import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

/** On a Tribuna admin's profile: the way to the payout runs. */
export async function ProfileAdminLink({ admin }: { admin: boolean }) {
  if (!admin) return null;
  const t = await getTranslations('payouts.profileLink');
  return (
    <section aria-labelledby="profile-admin" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="profile-admin" className="text-xl font-semibold">
        {t('title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('text')}</p>
      <Link href="/admin/payouts" className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700">
        {t('cta')}
      </Link>
    </section>
  );
}
