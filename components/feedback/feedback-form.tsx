'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { Field, FormAlert, SubmitButton } from '@/components/auth/form-parts';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { useRouter } from '@/lib/i18n/navigation';
import { FEEDBACK_LIMITS, feedbackInputSchema, type FeedbackInput, type FeedbackQuestion } from '@/lib/schemas/feedback';
import type { Localized } from '@/lib/schemas/primitives';

/** What the controls hold: the ratings as the radio's value, texts as typed; per question by its id. */
type Values = { rating: string; comment: string; answers: Record<string, string> };

const RATINGS = [1, 2, 3, 4, 5] as const;

function inputOf(values: Values, questions: FeedbackQuestion[]): Record<keyof FeedbackInput, unknown> {
  return {
    rating: values.rating ? Number(values.rating) : undefined,
    comment: values.comment.trim() ? values.comment : undefined,
    answers: questions.flatMap((question) => {
      const value = values.answers?.[question.id] ?? '';
      if (!value.trim()) return [];
      return [question.kind === 'rating' ? { questionId: question.id, rating: Number(value) } : { questionId: question.id, text: value }];
    }),
  };
}

/** The schema's issues on the form's own fields: an answer's index → its question's field. */
function resolverFor(questions: FeedbackQuestion[]): Resolver<Values, unknown, FeedbackInput> {
  return async (values) => {
    const input = inputOf(values, questions);
    const parsed = feedbackInputSchema.safeParse(input);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const [head, index] = issue.path;
      let field = String(head);
      if (head === 'answers' && typeof index === 'number') {
        const answer = (input.answers as { questionId: string }[])[index];
        field = `answers.${answer?.questionId}`;
      }
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    const nested: Record<string, unknown> = {};
    for (const [key, error] of Object.entries(errors)) {
      if (key.startsWith('answers.')) nested.answers = { ...(nested.answers as object), [key.slice('answers.'.length)]: error };
      else nested[key] = error;
    }
    return { values: {}, errors: nested as FieldErrors<Values> };
  };
}

/** Radio buttons 1–5 as a row of 44 px buttons; arrow keys move between them (native radios). */
function RatingScale({ legend, name, error, register, disabled }: { legend: string; name: string; error?: string; register: ReturnType<typeof useForm<Values, unknown, FeedbackInput>>['register']; disabled: boolean }) {
  const t = useTranslations('feedback');
  const tAll = useTranslations();
  const errorId = `${name.replace(/\W/g, '-')}-error`;
  const message = error && tAll.has(error as never) ? tAll(error as never) : error;
  return (
    <fieldset className="space-y-2" aria-describedby={message ? errorId : undefined}>
      <legend className="text-base font-medium text-slate-900">{legend}</legend>
      <div className="flex gap-2">
        {RATINGS.map((value) => (
          <label key={value} className="relative flex-1 sm:flex-none">
            <input type="radio" value={String(value)} className="peer sr-only" disabled={disabled} aria-invalid={Boolean(message)} {...register(name as 'rating')} />
            <span
              aria-hidden="true"
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-3 text-lg font-semibold text-slate-800 peer-checked:border-emerald-800 peer-checked:bg-emerald-800 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-700 peer-focus-visible:ring-offset-2 sm:w-14"
            >
              {value}
            </span>
            <span className="sr-only">{t('ratingOption', { value })}</span>
          </label>
        ))}
      </div>
      <p className="flex justify-between text-sm text-slate-600 sm:justify-start sm:gap-6">
        <span>{t('ratingLow')}</span>
        <span>{t('ratingHigh')}</span>
      </p>
      {message && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </fieldset>
  );
}

const textareaClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/40 aria-[invalid=true]:border-red-600';

/** The fan's feedback form of one event (POST /api/v1/events/{id}/feedback); answered once, then the page shows the answer. */
export function FeedbackForm({ eventRef, questions }: { eventRef: string; questions: FeedbackQuestion[] }) {
  const t = useTranslations('feedback');
  const locale = useLocale() as keyof Localized;
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const form = useForm<Values, unknown, FeedbackInput>({ resolver: resolverFor(questions), defaultValues: { rating: '', comment: '', answers: {} } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    const result = await api.post(`/api/v1/events/${encodeURIComponent(eventRef)}/feedback`, input, { toast: FORM_STATUSES });
    if (!result.ok) {
      const fields = ['rating', 'comment'];
      const message = applyServerErrors(result.status, result.error, form.setError, fields);
      // A field error on one answer (answers.0.text) has no field of that name here: said above the form.
      return setFormError(message ?? (result.error.errors.some((e) => e.field && !fields.includes(e.field)) ? result.error.message : null));
    }
    // The page, rendered again, shows the answer with its thanks (announced: role status).
    startTransition(() => router.refresh());
  });

  const busy = isSubmitting || pending;
  return (
    <form onSubmit={submit} noValidate className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <FormAlert message={formError} />
      <RatingScale legend={t('ratingLegend')} name="rating" error={errors.rating?.message} register={form.register} disabled={!hydrated} />
      {questions.map((question) =>
        question.kind === 'rating' ? (
          <RatingScale
            key={question.id}
            legend={`${question.prompt[locale]} ${t('optional')}`}
            name={`answers.${question.id}`}
            error={errors.answers?.[question.id]?.message}
            register={form.register}
            disabled={!hydrated}
          />
        ) : (
          <Field
            key={question.id}
            label={`${question.prompt[locale]} ${t('optional')}`}
            error={errors.answers?.[question.id]?.message}
            hint={<p className="text-sm text-slate-600">{t('answerHint')}</p>}
          >
            {({ id, describedBy, invalid }) => (
              <input id={id} aria-describedby={describedBy} aria-invalid={invalid} maxLength={FEEDBACK_LIMITS.answer} className={textareaClass} disabled={!hydrated} {...form.register(`answers.${question.id}`)} />
            )}
          </Field>
        ),
      )}
      <Field label={t('comment')} error={errors.comment?.message} hint={<p className="text-sm text-slate-600">{t('commentHint')}</p>}>
        {({ id, describedBy, invalid }) => (
          <textarea id={id} rows={4} aria-describedby={describedBy} aria-invalid={invalid} maxLength={FEEDBACK_LIMITS.comment} className={textareaClass} disabled={!hydrated} {...form.register('comment')} />
        )}
      </Field>
      <p className="text-sm text-slate-600">{t('anonymous')}</p>
      <SubmitButton pending={busy} pendingLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
