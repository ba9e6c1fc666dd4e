import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';

/** What a console page shows to someone who is not a member, or whose role does not allow the page. */
/** `allowed`: the roles that may use the page (the access table's), so a manager refused the settlement reads "only the owner". */
export async function ConsoleDenied({ reason, role, allowed }: { reason: 'not_member' | 'role'; role?: 'owner' | 'manager' | 'scanner'; allowed?: ('owner' | 'manager' | 'scanner')[] }) {
  const t = await getTranslations('organiser');
  const title = reason === 'not_member' ? t('notMember.title') : t('roleForbidden.title');
  const ownerOnly = allowed !== undefined && !allowed.includes('manager');
  const text =
    reason === 'not_member' ? t('notMember.text') : role === 'scanner' && !ownerOnly ? t('roleForbidden.scannerText') : ownerOnly ? t('roleForbidden.ownerOnly') : t('roleForbidden.text');
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="console-denied">
      <h2 id="console-denied" className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-2 text-slate-700">{text}</p>
      {role === 'scanner' && (
        <Link href="/scanner" className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700">
          {t('nav.scanner')}
        </Link>
      )}
    </section>
  );
}
