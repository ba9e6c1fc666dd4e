import { getTranslations } from 'next-intl/server';
import { EventFrame } from '@/components/organiser/event-frame';
import { FeedbackQuestionsForm } from '@/components/organiser/feedback-questions-form';
import { FeedbackResults } from '@/components/organiser/feedback-results';
import type { Locale } from '@/lib/i18n/routing';
import { feedbackResults } from '@/lib/server/feedback/organiser';
import { eventScreen, eventScreenMetadata, eventScreenPage } from '../../../console-page';

export const generateMetadata = eventScreenMetadata('/organiser/events/[eventId]/feedback', 'organiser.feedback.title');

/** The event's feedback: the organiser's questions (editable before and after the event) and what the checked-in holders answered. */
async function FeedbackScreen({ locale, eventId }: { locale: Locale; eventId: string }) {
  const { access, event } = await eventScreen(locale, '/organiser/events/[eventId]/feedback', eventId);
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

export default eventScreenPage(FeedbackScreen);
