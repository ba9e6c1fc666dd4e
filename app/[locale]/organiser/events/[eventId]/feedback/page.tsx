import { Suspense } from 'react';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ConsoleSkeleton } from '@/components/organiser/console-frame';
import { EventFrame } from '@/components/organiser/event-frame';
import { FeedbackQuestionsForm } from '@/components/organiser/feedback-questions-form';
import { FeedbackResults } from '@/components/organiser/feedback-results';
import type { Locale } from '@/lib/i18n/routing';
import { isUuid } from '@/lib/ids';
import { feedbackResults } from '@/lib/server/feedback/organiser';
import { consoleEventPage } from '@/lib/server/organiser/console';
import { consoleMetadata } from '../../../metadata';

type Props = PageProps<'/[locale]/organiser/events/[eventId]/feedback'>;

export async function generateMetadata({ params }: Props) {
  const { locale, eventId } = await params;
  return consoleMetadata(locale as Locale, { pathname: '/organiser/events/[eventId]/feedback', params: { eventId } }, 'organiser.feedback.title');
}

/** The event's feedback: the organiser's questions (editable before and after the event) and what the checked-in holders answered. */
async function FeedbackScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  if (!isUuid(eventId)) notFound();
  const { access, event } = await consoleEventPage(locale, { pathname: '/organiser/events/[eventId]/feedback', params: { eventId } }, eventId);
  const t = await getTranslations('organiser.feedback');
  const results = access.ok && event ? await feedbackResults(access.context.user.id, eventId) : null;
  return (
    <EventFrame access={access} event={event} deniedTitle={t('title')}>
      {results?.ok && (
        <div className="space-y-8">
          <div className="space-y-2">
            <h2 className="text-xl font-semibold">{t('title')}</h2>
            <p className="max-w-2xl text-slate-700">{t('intro')}</p>
          </div>
          <FeedbackResults eventId={eventId} results={results} />
          <FeedbackQuestionsForm eventId={eventId} initial={results.questions.map(({ id, prompt, kind }) => ({ id, prompt, kind }))} />
        </div>
      )}
    </EventFrame>
  );
}

// The header reads the URL (usePathname), only known at request time for /organiser/events/{id}/…: allowed to block.
export const instant = false;

export default async function FeedbackPage({ params }: Props) {
  const { locale, eventId } = await params;
  setRequestLocale(locale as Locale);
  return (
    <Suspense fallback={<ConsoleSkeleton />}>
      <FeedbackScreen locale={locale as Locale} eventId={eventId} />
    </Suspense>
  );
}
