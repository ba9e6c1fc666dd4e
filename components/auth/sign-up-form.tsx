'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { safeReturnPath } from '@/lib/auth/return-path';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { startSession, useSessionStore, type SessionUser } from '@/lib/client/session';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { SEXES } from '@/lib/schemas/sexes';
import type { signUpSchema } from '@/lib/schemas/auth';
import { goTo } from './auth-helpers';
import { ConsentNotice } from './consent-notice';
import { FormAlert, SelectField, SubmitButton, TextField } from './form-parts';
import { useAccountSubmit } from './use-account-submit';

type Values = z.input<typeof signUpSchema>;
// zod and the schema load when the form first validates.
const resolver = lazyResolver<Values, z.output<typeof signUpSchema>>(() => import('./resolvers').then((m) => m.signUpResolver));
const FIELDS = ['firstName', 'lastName', 'sex', 'dateOfBirth', 'email', 'password', 'confirmPassword'] as const;

export function SignUpForm({ next }: { next: string | null }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const session = useSessionStore();
  const form = useForm<Values, unknown, z.output<typeof signUpSchema>>({
    resolver,
    // The sex starts unchosen: the select's empty option, which the schema refuses ('Please select an option.').
    defaultValues: { firstName: '', lastName: '', sex: '' as Values['sex'], dateOfBirth: '', email: '', password: '', confirmPassword: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const { formError, post, onSubmit } = useAccountSubmit(form, FIELDS);

  const submit = onSubmit(async (values) => {
    const { user } = await post<{ user: SessionUser; token: string }>('/api/v1/auth/signup', values);
    startSession(session, user);
    // Checked again here: this form sends the browser wherever `next` says.
    goTo(safeReturnPath(next) ?? getPathname({ locale, href: '/profile' }));
  });

  const today = new Date().toISOString().slice(0, 10);
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('signUpTitle')}>
      <FormAlert message={formError} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label={t('lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('sex')} error={errors.sex?.message} {...register('sex')}>
          <option value="">{t('sexPlaceholder')}</option>
          {SEXES.map((sex) => (
            <option key={sex} value={sex}>
              {t(`sexOptions.${sex}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('dateOfBirth')} type="date" min="1900-01-01" max={today} autoComplete="bday" error={errors.dateOfBirth?.message} {...register('dateOfBirth')} />
      </div>
      <TextField label={t('email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label={t('password')} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
      <TextField label={t('confirmPassword')} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <ConsentNotice />
      <SubmitButton pending={isSubmitting || isSubmitSuccessful} pendingLabel={t('submitting')}>
        {t('signUpSubmit')}
      </SubmitButton>
      <p className="text-center text-sm text-slate-700">
        {t('haveAccount')}{' '}
        <Link href={next ? { pathname: '/signin', query: { next } } : '/signin'} className="font-medium text-emerald-800 underline">
          {t('signInLink')}
        </Link>
      </p>
    </form>
  );
}
