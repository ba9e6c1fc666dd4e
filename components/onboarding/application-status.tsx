import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import type { ApplicationView } from '@/lib/schemas/onboarding';

const TONE = {
  pending: 'border-sky-200 bg-sky-50',
  changes_requested: 'border-amber-300 bg-amber-50',
  approved: 'border-emerald-200 bg-emerald-50',
  rejected: 'border-red-200 bg-red-50',
} as const;

/** Where the applicant's application stands, with Tribuna's message and, once approved, the way into the console. */
export async function ApplicationStatus({ application }: { application: ApplicationView }) {
  const t = await getTranslations('onboarding.apply');
  const status = application.status;
  return (
    <section aria-labelledby="application-status" role="status" className={`space-y-2 rounded-xl border p-4 sm:p-6 ${TONE[status]}`} data-testid="application-status">
      <h2 id="application-status" className="text-xl font-semibold">
        {t(`status.${status}.title`, { organisation: application.name })}
      </h2>
      <p>{t(`status.${status}.text`, { organisation: application.name })}</p>
      {application.reviewMessage && (
        <div>
          <h3 className="font-medium">{t('message')}</h3>
          <p className="whitespace-pre-line">{application.reviewMessage}</p>
        </div>
      )}
      {(status === 'approved' || status === 'pending' || status === 'changes_requested') && (
        <Link href="/organiser" className="inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700">
          {t('toConsole')}
        </Link>
      )}
    </section>
  );
}
