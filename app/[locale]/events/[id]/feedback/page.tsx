import { textIn } from '@/lib/localized-text';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { FeedbackForm } from '@/components/feedback/feedback-form';
import { formatDateTime } from '@/components/tickets/format';
import { ClientMessages } from '@/lib/i18n/client-messages';
import { Link } from '@/lib/i18n/navigation';
import { isLocale, type Locale } from '@/lib/i18n/routing';
import { requireSignedIn } from '@/lib/server/auth/guard';
import { myFeedback } from '@/lib/server/feedback/fan';
import { BUYING_NAMESPACES } from '../event-step';

type Props = PageProps<'/[locale]/events/[id]/feedback'>;

export async function generateMetadata({ params }: Props) {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : 'sk', namespace: 'feedback' });
  // The fan's own form: never in search results.
  return { title: t('title'), robots: { index: false } };
}

const note = 'rounded-xl border border-slate-200 bg-white p-6';

/** The form of a fan who was checked in at the event's gate, or what they answered; the invitation mail and Your tickets link here. */
async function FeedbackForUser({ locale, id }: { locale: Locale; id: string }) {
  // The proxy sends signed-out people to sign-in; this is the real check.
  const user = await requireSignedIn(locale, { pathname: '/events/[id]/feedback', params: { id } });
  const [t, result] = await Promise.all([getTranslations('feedback'), myFeedback(user, id)]);
  if (!result.ok && result.code === 'EVENT_NOT_FOUND') notFound();
  const back = (
    <Link href="/tickets" className="inline-block font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-700">
      {t('backToTickets')}
    </Link>
  );
  if (!result.ok) {
    return (
      <div className="space-y-4">
        <p className={note}>{t('notAttended')}</p>
        {back}
      </div>
    );
  }
  const title = textIn(result.event.title, locale);
  const { response } = result;
  return (
    <div className="space-y-6">
      <p className="text-lg text-slate-800">{t('intro', { event: title })}</p>
      {response ? (
        <section className={`${note} space-y-3`} aria-labelledby="feedback-answer">
          <h2 id="feedback-answer" className="text-lg font-semibold" role="status">
            {t('thanks', { date: formatDateTime(response.submittedAt, locale) })}
          </h2>
          <p>{t('yourRating', { rating: response.rating })}</p>
          {result.questions.map((question) => {
            const answer = response.answers.find((a) => a.questionId === question.id);
            if (!answer) return null;
            return (
              <p key={question.id}>
                <span className="block text-sm text-slate-600">{question.prompt[locale]}</span>
                {answer.rating !== undefined ? t('yourRating', { rating: answer.rating }) : answer.text}
              </p>
            );
          })}
          {response.comment && (
            <div>
              <p className="text-sm text-slate-600">{t('yourComment')}</p>
              <p className="whitespace-pre-line break-words">{response.comment}</p>
            </div>
          )}
        </section>
      ) : result.state === 'not_ended' ? (
        <p className={note}>{t('notEnded', { date: formatDateTime(result.opensAt, locale) })}</p>
      ) : result.state === 'closed' ? (
        <p className={note}>{t('closed', { date: formatDateTime(result.closesAt, locale) })}</p>
      ) : (
        <FeedbackForm eventRef={result.event.slug} questions={result.questions} />
      )}
      {back}
    </div>
  );
}

export default async function FeedbackPage({ params }: Props) {
  const { locale: raw, id } = await params;
  const locale = isLocale(raw) ? raw : 'sk';
  setRequestLocale(locale);
  const t = await getTranslations('feedback');
  return (
    <ClientMessages locale={locale} namespaces={BUYING_NAMESPACES}>
      <div className="mx-auto max-w-2xl space-y-6">
        <h1 className="text-3xl font-bold">{t('title')}</h1>
        <Suspense fallback={<div aria-busy="true" className="h-64 animate-pulse rounded-xl bg-slate-100" />}>
          <FeedbackForUser locale={locale} id={id} />
        </Suspense>
      </div>
    </ClientMessages>
  );
}
