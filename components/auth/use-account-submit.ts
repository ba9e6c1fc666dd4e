'use client';

import { useState, type FormEvent } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { api } from '@/lib/client/api-client';
import { applyServerErrors, FORM_STATUSES } from './auth-helpers';

/**
 * The submit of an account form. `post` sends the values; a refusal lands on the named fields or
 * becomes `formError` above the form, and rejects, so the handler stops there and react-hook-form
 * keeps isSubmitSuccessful false (the button comes back). A success leaves the form pending while
 * the handler moves on (usually to the next page).
 */
export function useAccountSubmit<In extends FieldValues, Out extends FieldValues>(form: UseFormReturn<In, unknown, Out>, fields: readonly Path<In>[]) {
  const [formError, setFormError] = useState<string | null>(null);

  async function post<Data>(url: string, body: unknown): Promise<Data> {
    setFormError(null);
    const result = await api.post<Data>(url, body, { toast: FORM_STATUSES });
    if (!result.ok) {
      setFormError(applyServerErrors(result.status, result.error, form.setError, fields));
      throw new Error('refused');
    }
    return result.data;
  }

  const onSubmit = (handler: (values: Out) => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    // The rejection was already shown (field, form message or toast).
    form.handleSubmit(handler)(event).catch(() => {});
  };

  return { formError, post, onSubmit };
}
