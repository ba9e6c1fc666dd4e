'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition } from 'react';
import { useFieldArray, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { applyServerErrors, FORM_STATUSES } from '@/components/auth/auth-helpers';
import { FormAlert, SelectField, SubmitButton, TextField } from '@/components/auth/form-parts';
import { useHydrated } from '@/components/ui/use-hydrated';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { FEEDBACK_LIMITS, feedbackQuestionsInputSchema, type FeedbackQuestion, type FeedbackQuestionsInput } from '@/lib/schemas/feedback';
import { TitledSection } from '@/components/ui/titled-section';

/** The form's values: `questionId` (react-hook-form's field arrays keep `id` for themselves). */
type Values = { questions: { questionId: string; prompt: { sk: string; cs: string; en: string }; kind: 'rating' | 'text' }[] };

const LANGUAGES = ['sk', 'cs', 'en'] as const;
const LANGUAGE_LABEL = { sk: 'promptSk', cs: 'promptCs', en: 'promptEn' } as const;

function inputOf(values: Values): unknown {
  return { questions: values.questions.map((q) => ({ ...(q.questionId ? { id: q.questionId } : {}), prompt: q.prompt, kind: q.kind })) };
}

/** The API schema judges the values; its issue paths (questions.0.prompt.cs) are the form's own. */
const resolver: Resolver<Values, unknown, FeedbackQuestionsInput> = async (values) => {
  const parsed = feedbackQuestionsInputSchema.safeParse(inputOf(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    let node = errors;
    const path = issue.path.map(String);
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] ??= { type: issue.code, message: issue.message };
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return { values: {}, errors: errors as FieldErrors<Values> };
};

/** The event's up to three feedback questions, each in sk, cs and en, answered 1–5 or in words (PUT …/feedback-questions). */
export function FeedbackQuestionsForm({ eventId, initial }: { eventId: string; initial: FeedbackQuestion[] }) {
  const t = useTranslations('organiser.feedback');
  const tAll = useTranslations();
  const router = useRouter();
  const hydrated = useHydrated();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const defaults: Values = { questions: initial.map((q) => ({ questionId: q.id, prompt: q.prompt, kind: q.kind })) };
  const form = useForm<Values, unknown, FeedbackQuestionsInput>({ resolver, defaultValues: defaults });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'questions' });
  const { errors, isSubmitting } = form.formState;
  const listError = (errors.questions as { message?: string } | undefined)?.message;

  const submit = form.handleSubmit(async (input) => {
    setFormError(null);
    const result = await api.put<{ questions: FeedbackQuestion[] }>(`/api/v1/organiser/events/${eventId}/feedback-questions`, input, { toast: FORM_STATUSES });
    if (!result.ok) {
      const names = input.questions.flatMap((_, i) => LANGUAGES.map((l) => `questions.${i}.prompt.${l}`));
      return setFormError(applyServerErrors(result.status, result.error, form.setError, names));
    }
    notify.success({ title: t('saved') });
    form.reset({ questions: result.data.questions.map((q) => ({ questionId: q.id, prompt: q.prompt, kind: q.kind })) });
    startTransition(() => router.refresh());
  });

  const busy = isSubmitting || pending;
  return (
    <TitledSection id="feedback-questions" title={t('questionsTitle')} className="space-y-3">
      <p className="max-w-2xl text-slate-700">{t('questionsHint')}</p>
      <form onSubmit={submit} noValidate className="max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
        <FormAlert message={formError ?? (listError ? tAll(listError as never) : null)} />
        {fields.length === 0 && <p className="text-slate-700">{t('noQuestions')}</p>}
        {fields.map((field, i) => (
          <fieldset key={field.id} className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4">
            <legend className="px-1 font-medium">{t('question', { n: i + 1 })}</legend>
            {LANGUAGES.map((language) => (
              <TextField
                key={language}
                label={t(LANGUAGE_LABEL[language])}
                lang={language}
                maxLength={FEEDBACK_LIMITS.prompt}
                disabled={!hydrated}
                error={errors.questions?.[i]?.prompt?.[language]?.message}
                {...form.register(`questions.${i}.prompt.${language}`)}
              />
            ))}
            <SelectField label={t('kind')} disabled={!hydrated} {...form.register(`questions.${i}.kind`)}>
              <option value="rating">{t('kindRating')}</option>
              <option value="text">{t('kindText')}</option>
            </SelectField>
            <button
              type="button"
              onClick={() => remove(i)}
              disabled={!hydrated}
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {t('remove', { n: i + 1 })}
            </button>
          </fieldset>
        ))}
        <div className="flex flex-wrap gap-3">
          {fields.length < FEEDBACK_LIMITS.questions && (
            <button
              type="button"
              onClick={() => append({ questionId: '', prompt: { sk: '', cs: '', en: '' }, kind: 'rating' })}
              disabled={!hydrated}
              className="inline-flex min-h-11 items-center rounded-lg border border-emerald-800 px-4 font-medium text-emerald-900 hover:bg-emerald-50"
            >
              {t('add')}
            </button>
          )}
          <SubmitButton pending={busy} pendingLabel={t('saving')} inline>
            {t('save')}
          </SubmitButton>
        </div>
      </form>
    </TitledSection>
  );
}
