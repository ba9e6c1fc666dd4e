'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { api } from '@/lib/client/api-client';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { passwordResetRequestSchema, passwordResetSchema } from '@/lib/schemas/auth';
import { applyServerErrors, goTo } from './auth-helpers';
import { FormAlert, SubmitButton, TextField } from './form-parts';
import { useAccountSubmit } from './use-account-submit';

/** Step 1: the email to send the link to. The answer is the same whether or not an account exists. */
export function PasswordResetRequestForm() {
  const t = useTranslations('passwordReset');
  const tAuth = useTranslations('auth');
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof passwordResetRequestSchema>, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    const result = await api.post('/api/v1/auth/password-reset', values, { toast: [422] });
    if (result.ok) setSent(true);
    else applyServerErrors(result.status, result.error, setError, ['email']);
  });
  if (sent) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success" message={t('sent')} />
        <Link href="/signin" className="inline-block text-emerald-800 underline">
          {t('backToSignIn')}
        </Link>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('title')}>
      <TextField label={tAuth('email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <SubmitButton pending={isSubmitting} pendingLabel={tAuth('submitting')}>
        {t('submit')}
      </SubmitButton>
      <p className="text-center text-sm">
        <Link href="/signin" className="text-emerald-800 underline">
          {t('backToSignIn')}
        </Link>
      </p>
    </form>
  );
}

/** Step 2: from the emailed link (token and email in the address), the new password twice. */
export function PasswordResetForm({ token, email }: { token: string; email: string }) {
  const t = useTranslations('passwordReset');
  const tAuth = useTranslations('auth');
  const locale = useLocale() as Locale;
  const form = useForm<z.input<typeof passwordResetSchema>, unknown, z.output<typeof passwordResetSchema>>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { token, email, password: '', confirmPassword: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const { formError, post, onSubmit } = useAccountSubmit(form, ['email', 'password', 'confirmPassword']);
  const submit = onSubmit(async (values) => {
    await post('/api/v1/auth/password-reset/confirm', values);
    goTo(getPathname({ locale, href: { pathname: '/signin', query: { reset: '1' } } }));
  });
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('newTitle')}>
      <FormAlert message={formError} />
      {formError && (
        <Link href="/password-reset" className="inline-block text-sm text-emerald-800 underline">
          {t('requestNew')}
        </Link>
      )}
      <input type="hidden" {...register('token')} />
      <TextField label={tAuth('email')} type="email" autoComplete="email" error={errors.email?.message ?? errors.token?.message} {...register('email')} />
      <TextField label={t('newPassword')} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <TextField label={t('confirmPassword')} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <SubmitButton pending={isSubmitting || isSubmitSuccessful} pendingLabel={tAuth('submitting')}>
        {t('submitNew')}
      </SubmitButton>
    </form>
  );
}
