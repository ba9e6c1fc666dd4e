import { getTranslations } from 'next-intl/server';

/**
 * An event screen's forms once the event has taken place (lib/server/events/played.ts): a note saying why,
 * and every field and button inside disabled (a disabled fieldset), as the API refuses them (EVENT_PLAYED).
 */
export async function PlayedLock({ played, children }: { played: boolean; children: React.ReactNode }) {
  if (!played) return children;
  const t = await getTranslations('organiser.events');
  return (
    <div className="space-y-4">
      <p role="note" className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800" data-testid="played-note">
        {t('playedNote')}
      </p>
      <fieldset disabled className="min-w-0 space-y-6 opacity-80">
        <legend className="sr-only">{t('playedLegend')}</legend>
        {children}
      </fieldset>
    </div>
  );
}
