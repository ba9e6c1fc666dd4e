import { getTranslations } from 'next-intl/server';
import { Link } from '@/lib/i18n/navigation';
import { TitledSection } from '@/components/ui/titled-section';

/**
 * On the profile of a member of an organisation, its first card: the way into the organiser console,
 * or, for someone who only scans at gates (lib/server/organiser/landing.ts, the same rule as sign-in's
 * landing), the way to the scanner.
 */
export async function ProfileConsoleLink({ organisations, home }: { organisations: number; home: 'console' | 'scanner' }) {
  if (!organisations) return null;
  const t = await getTranslations('organiser.profileLink');
  const scanner = home === 'scanner';
  return (
    <TitledSection id="profile-console" title={t('title')} className="rounded-xl border border-slate-200 bg-white p-6">
      <p className="mt-2 text-slate-700">{scanner ? t('scannerText', { count: organisations }) : t('text', { count: organisations })}</p>
      <Link
        href={scanner ? '/scanner' : '/organiser'}
        className="mt-4 inline-block rounded-lg bg-emerald-800 px-5 py-3 font-medium text-white hover:bg-emerald-700"
      >
        {scanner ? t('scannerCta') : t('cta')}
      </Link>
    </TitledSection>
  );
}
