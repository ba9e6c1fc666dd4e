'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { safeReturnPath } from '@/lib/auth/return-path';
import { api } from '@/lib/client/api-client';
import { startSession, type SessionUser } from '@/lib/client/session';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { signInSchema } from '@/lib/schemas/auth';
import { applyServerErrors, FORM_STATUSES, goTo } from './auth-helpers';
import { FormAlert, SubmitButton, TextField } from './form-parts';

type Values = z.input<typeof signInSchema>;

export function SignInForm({ next, notice }: { next: string | null; notice?: string | null }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useForm<Values, unknown, z.output<typeof signInSchema>>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await api.post<{ user: SessionUser; token: string }>('/api/v1/auth/signin', values, { toast: FORM_STATUSES });
    if (!result.ok) {
      setFormError(applyServerErrors(result.status, result.error, setError, ['email', 'password']));
      throw new Error('not signed in'); // keeps isSubmitSuccessful false
    }
    startSession(queryClient, result.data.user);
    // Checked again here: this form sends the browser wherever `next` says.
    goTo(safeReturnPath(next) ?? getPathname({ locale, href: '/profile' }));
  });

  const pending = isSubmitting || isSubmitSuccessful;
  return (
    <form noValidate onSubmit={(e) => onSubmit(e).catch(() => {})} className="space-y-4" aria-label={t('signInTitle')}>
      {notice && !formError && <FormAlert tone="success" message={notice} />}
      <FormAlert message={formError} />
      <TextField label={t('email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label={t('password')} type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <p className="text-right text-sm">
        <Link href="/password-reset" className="text-emerald-800 underline">
          {t('forgotPassword')}
        </Link>
      </p>
      <SubmitButton pending={pending} pendingLabel={t('submitting')}>
        {t('signInSubmit')}
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        {t('noAccount')}{' '}
        <Link href={next ? { pathname: '/signup', query: { next } } : '/signup'} className="font-medium text-emerald-800 underline">
          {t('createOne')}
        </Link>
      </p>
    </form>
  );
}
