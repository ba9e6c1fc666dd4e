'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { HOME_SCREENS, meaningfulReturn, type Home } from '@/lib/auth/home';
import { safeReturnPath } from '@/lib/auth/return-path';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { startSession, useSessionStore, type SessionUser } from '@/lib/client/session';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import type { signInSchema } from '@/lib/schemas/auth';
import { goTo } from './auth-helpers';
import { FormAlert, SubmitButton, TextField } from './form-parts';
import { useAccountSubmit } from './use-account-submit';

type Values = z.input<typeof signInSchema>;
// zod and the schema load when the form first validates.
const resolver = lazyResolver<Values, z.output<typeof signInSchema>>(() => import('./resolvers').then((m) => m.signInResolver));

export function SignInForm({ next, notice }: { next: string | null; notice?: string | null }) {
  const t = useTranslations('auth');
  const locale = useLocale() as Locale;
  const session = useSessionStore();
  const form = useForm<Values, unknown, z.output<typeof signInSchema>>({ resolver, defaultValues: { email: '', password: '' } });
  const {
    register,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const { formError, post, onSubmit } = useAccountSubmit(form, ['email', 'password']);

  const submit = onSubmit(async (values) => {
    const { user, home } = await post<{ user: SessionUser; token: string; home: Home }>('/api/v1/auth/signin', values);
    startSession(session, user);
    // Checked again here: this form sends the browser wherever `next` says; else where this person lands.
    goTo(meaningfulReturn(safeReturnPath(next)) ?? getPathname({ locale, href: HOME_SCREENS[home] ?? '/profile' }));
  });

  const pending = isSubmitting || isSubmitSuccessful;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={t('signInTitle')}>
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
