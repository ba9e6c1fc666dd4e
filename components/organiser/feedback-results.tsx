import { getLocale, getTranslations } from 'next-intl/server';
import { formatDateTime } from '@/components/tickets/format';
import type { FeedbackResults as Results } from '@/lib/schemas/feedback';
import type { Localized } from '@/lib/schemas/primitives';
import { TitledSection } from '@/components/ui/titled-section';

const card = 'rounded-xl border border-slate-200 bg-white p-4 sm:p-6';

/** Counts per rating 5 → 1 as rows of a bar chart, each with its number in words (the bar itself is decoration). */
async function Distribution({ counts, label }: { counts: number[]; label: string }) {
  const t = await getTranslations('organiser.feedback');
  const max = Math.max(1, ...counts);
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-medium text-slate-800">{label}</figcaption>
      <ol className="space-y-1" data-testid="feedback-distribution">
        {[5, 4, 3, 2, 1].map((value) => (
          <li key={value} className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 text-sm">
            <span>{t('distributionRow', { value })}</span>
            <span aria-hidden="true" className="h-3 rounded bg-slate-100">
              <span className="block h-3 rounded bg-emerald-700" style={{ width: `${(counts[value - 1] / max) * 100}%` }} />
            </span>
            <span className="tabular-nums text-slate-800">{t('distributionCount', { count: counts[value - 1] })}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

/** What the checked-in holders answered: the average, the distribution, each question's results, the newest comments and the CSV. */
export async function FeedbackResults({ eventId, results }: { eventId: string; results: Results }) {
  const t = await getTranslations('organiser.feedback');
  const locale = (await getLocale()) as keyof Localized;
  const average = (value: number | null) => (value === null ? t('noAverage') : t('averageValue', { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value) }));
  return (
    <TitledSection id="feedback-results" title={t('resultsTitle')} className="space-y-4">
      <div className={`${card} grid gap-6 md:grid-cols-2`}>
        <dl className="space-y-3">
          <div>
            <dt className="text-sm text-slate-600">{t('average')}</dt>
            <dd className="text-3xl font-bold" data-testid="feedback-average">
              {average(results.average)}
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t('resultsTitle')}</dt>
            <dd className="text-slate-800" data-testid="feedback-count">
              {t('responses', { count: results.responses })} {results.invited > 0 && <span className="text-slate-600">({t('invited', { count: results.invited })})</span>}
            </dd>
          </div>
        </dl>
        <Distribution counts={results.distribution} label={t('distribution')} />
      </div>
      {results.questions.map((question, i) => (
        <article key={question.id} className={`${card} space-y-3`} aria-labelledby={`feedback-q-${i}`}>
          <h3 id={`feedback-q-${i}`} className="font-semibold">
            {question.prompt[locale]}
          </h3>
          <p className="text-sm text-slate-700">{t('answered', { count: question.answered })}</p>
          {question.kind === 'rating' && question.distribution ? (
            <div className="grid gap-4 md:grid-cols-2">
              <p className="text-2xl font-bold">{average(question.average)}</p>
              <Distribution counts={question.distribution} label={t('distribution')} />
            </div>
          ) : (
            question.texts.length > 0 && (
              <div>
                <h4 className="text-sm font-medium text-slate-800">{t('textsNewest')}</h4>
                <ul className="mt-2 space-y-2">
                  {question.texts.map((text, j) => (
                    <li key={j} className="whitespace-pre-line break-words rounded-lg bg-slate-50 px-3 py-2">
                      {text}
                    </li>
                  ))}
                </ul>
              </div>
            )
          )}
        </article>
      ))}
      <section className={`${card} space-y-3`} aria-labelledby="feedback-comments">
        <h3 id="feedback-comments" className="font-semibold">
          {t('commentsTitle')}
        </h3>
        {results.comments.length === 0 ? (
          <p className="text-slate-700">{t('noComments')}</p>
        ) : (
          <ul className="space-y-3" data-testid="feedback-comments">
            {results.comments.map((comment, i) => (
              <li key={i} className="rounded-lg bg-slate-50 px-3 py-2">
                <p className="whitespace-pre-line break-words">{comment.comment}</p>
                <p className="mt-1 text-sm text-slate-600">{t('commentMeta', { rating: comment.rating, date: formatDateTime(comment.submittedAt, locale) })}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p className="flex flex-wrap gap-2">
        {(['csv', 'xlsx'] as const).map((format) => (
          <a
            key={format}
            href={`/api/v1/organiser/events/${encodeURIComponent(eventId)}/feedback.${format}?locale=${locale}`}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-4 py-2 text-sm font-medium text-emerald-900 hover:bg-emerald-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
          >
            {t(format === 'csv' ? 'download' : 'downloadXlsx')}
          </a>
        ))}
      </p>
    </TitledSection>
  );
}
