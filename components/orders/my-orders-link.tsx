import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { TitledSection } from '@/components/ui/titled-section';

/** The way to My orders (receipts) from Your tickets and the profile. */
export async function MyOrdersLink({ boxed }: { boxed?: boolean }) {
  const t = await getTranslations('myOrders');
  const link = (
    <Link href="/orders" className="font-medium text-emerald-800 underline hover:text-emerald-700" data-testid="my-orders-link">
      {t('link')}
    </Link>
  );
  if (!boxed) return <p className="text-sm">{link}</p>;
  return (
    <TitledSection id="profile-orders" title={t('title')} className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mt-2 text-slate-700">{t('profileText')}</p>
      <p className="mt-3">{link}</p>
    </TitledSection>
  );
}
