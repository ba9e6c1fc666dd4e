'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, useTransition, type FormEvent } from 'react';
import { FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { api } from '@/lib/client/api-client';
import { notify } from '@/lib/client/toast';
import { useRouter } from '@/lib/i18n/navigation';
import { instantToLocal, localToInstant } from '@/lib/organiser/zoned-time';
import type { OrganiserEvent } from '@/lib/schemas/organiser-events';

const WEEK = 7 * 86_400_000;

/** The source's start moved on by whole weeks until it is at least a day ahead: next round's match, same weekday and time. */
function suggestedStart(startsAt: string, now = Date.now()): string {
  let at = new Date(startsAt).getTime() + WEEK;
  if (at < now + 86_400_000) at += Math.ceil((now + 86_400_000 - at) / WEEK) * WEEK;
  return instantToLocal(new Date(at).toISOString());
}

/**
 * "Duplicate event": asks the copy's start (the console's wall-clock time, as the event form does), makes a
 * new draft like this event (POST …/duplicate) and opens it. Past and cancelled events can be copied too.
 */
export function DuplicateEvent({ eventId, startsAt }: { eventId: string; startsAt: string }) {
  const t = useTranslations('organiser.eventActions.duplicate');
  const tDate = useTranslations('organiser.events.validation');
  const router = useRouter();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [navigating, startTransition] = useTransition();
  const inputRef = useRef<HTMLInputElement>(null);
  const ref = useModalDialog(open, { focus: inputRef, returnFocus: true });
  const titleId = useId();
  const textId = useId();
  const pending = submitting || navigating;

  function show() {
    setValue(suggestedStart(startsAt));
    setError(undefined);
    setFormError(null);
    setOpen(true);
  }

  function close() {
    if (!pending) setOpen(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const instant = localToInstant(value);
    if (!instant) {
      setError(tDate('date'));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    setSubmitting(true);
    const result = await api.post<{ event: OrganiserEvent }>(`/api/v1/organiser/events/${eventId}/duplicate`, { startsAt: instant }, { toast: [422] });
    setSubmitting(false);
    if (!result.ok) {
      const field = result.error.errors.find((e) => e.field === 'startsAt');
      if (field) {
        setError(field.message);
        inputRef.current?.focus();
      } else if (result.status === 422) setFormError(result.error.message);
      return;
    }
    notify.success({ title: t('done') });
    const copy = result.data.event.id;
    // Closed before the navigation: a modal left open on the screen the router keeps hidden would make the new one inert.
    ref.current?.close();
    setOpen(false);
    startTransition(() => {
      router.push({ pathname: '/organiser/events/[eventId]', params: { eventId: copy } });
    });
  }

  return (
    <>
      <button
        type="button"
        disabled={!hydrated}
        onClick={show}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {t('open')}
      </button>
      <dialog
        ref={ref}
        aria-labelledby={titleId}
        aria-describedby={textId}
        onCancel={(event) => {
          // Escape: close through our state so React and the element agree.
          event.preventDefault();
          close();
        }}
        onClose={() => open && close()}
        className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        {open && (
          <form onSubmit={submit} noValidate className="space-y-4 p-6">
            <h2 id={titleId} className="text-lg font-semibold">
              {t('title')}
            </h2>
            <p id={textId} className="text-sm text-slate-700">
              {t('text')}
            </p>
            <TextField
              ref={inputRef}
              type="datetime-local"
              name="startsAt"
              label={t('startsAt')}
              required
              value={value}
              error={error}
              onChange={(event) => setValue(event.target.value)}
            />
            <FormAlert message={formError} />
            <div className="flex justify-end gap-3 pt-2">
              <button type="button" onClick={close} disabled={pending} className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50">
                {t('cancel')}
              </button>
              <SubmitButton inline pending={pending} pendingLabel={t('pending')}>
                {t('submit')}
              </SubmitButton>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
