'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from '@/lib/i18n/navigation';
import { verifyEmailSchema } from '@/lib/schemas/auth';
import { FormAlert, SubmitButton, TextField } from './form-parts';
import { useAccountSubmit } from './use-account-submit';

type Done = { email: string; changed: boolean };

/** Confirms the address of an emailed link: one button when signed in as its account, else with the account's password. */
export function VerifyEmailForm({ token, email, change, needsPassword, signedIn }: { token: string; email: string; change: boolean; needsPassword: boolean; signedIn: boolean }) {
  const t = useTranslations('verifyEmail');
  const [done, setDone] = useState<Done | null>(null);
  const form = useForm<z.input<typeof verifyEmailSchema>, unknown, z.output<typeof verifyEmailSchema>>({
    resolver: zodResolver(verifyEmailSchema),
    defaultValues: { token, password: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { formError, post, onSubmit } = useAccountSubmit(form, ['password']);

  const submit = onSubmit(async (values) => {
    setDone(await post<Done>('/api/v1/auth/verify-email', needsPassword ? values : { token: values.token }));
  });

  if (done) {
    return (
      <div className="space-y-4">
        <FormAlert tone="success" message={done.changed ? t('doneChanged', { email: done.email }) : t('done', { email: done.email })} />
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {signedIn ? (
            <>
              <Link href="/tickets" className="font-medium text-emerald-800 underline">
                {t('toTickets')}
              </Link>
              <Link href="/profile" className="font-medium text-emerald-800 underline">
                {t('toProfile')}
              </Link>
            </>
          ) : (
            <Link href="/signin" className="font-medium text-emerald-800 underline">
              {t('toSignIn')}
            </Link>
          )}
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('title')}>
      <p className="text-slate-800">{change ? t('leadChange', { email }) : t('lead', { email })}</p>
      <FormAlert message={formError} />
      <input type="hidden" {...register('token')} />
      {needsPassword && (
        <>
          <p className="text-sm text-slate-700">{t('passwordLead')}</p>
          <TextField label={t('password')} type="password" autoComplete="current-password" error={errors.password?.message ?? errors.token?.message} {...register('password')} />
        </>
      )}
      <SubmitButton pending={isSubmitting} pendingLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
