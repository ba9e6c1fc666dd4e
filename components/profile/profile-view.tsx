'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors, FORM_STATUSES, goTo } from '@/components/auth/auth-helpers';
import { FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { api } from '@/lib/client/api-client';
import { useSessionStore } from '@/lib/client/session';
import { useApiMutation, useRemoveAccount, useSignOut } from '@/lib/client/session-mutations';
import { notify } from '@/lib/client/toast';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { profileSchema, type User } from '@/lib/schemas/auth';
import { ConfirmDialog } from './confirm-dialog';
import { formatDate } from '@/lib/i18n/formats';
import { TitledSection } from '@/components/ui/titled-section';

type Values = z.input<typeof profileSchema>;
/** The profile's user: the API's answer, with the email's verification state and a pending change. */
/** The profile page's user: with its verification state. */
export type ProfileUser = User;

const FIELDS = ['firstName', 'lastName', 'email', 'dateOfBirth', 'currentPassword'];

export function ProfileView({ initialUser }: { initialUser: ProfileUser }) {
  const t = useTranslations('profile');
  const tAuth = useTranslations('auth');
  const locale = useLocale() as Locale;
  const session = useSessionStore();
  const [user, setUser] = useState(initialUser);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const signOut = useSignOut();
  const removeAccount = useRemoveAccount();

  const valuesOf = (u: ProfileUser): Values => ({ firstName: u.firstName, lastName: u.lastName, email: u.email, dateOfBirth: u.dateOfBirth ?? '', currentPassword: '' });
  const form = useForm<Values, unknown, z.output<typeof profileSchema>>({ resolver: zodResolver(profileSchema), defaultValues: valuesOf(user) });
  const { errors, isSubmitting } = form.formState;
  // A new email needs the current password: the field appears as soon as the email differs.
  const typedEmail = form.watch('email') ?? '';
  const changingEmail = typedEmail.trim().toLowerCase() !== user.email;

  const save = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await api.patch<ProfileUser>('/api/v1/auth/me', changingEmail ? values : { ...values, currentPassword: undefined }, { toast: FORM_STATUSES });
    if (!result.ok) {
      setFormError(applyServerErrors(result.status, result.error, form.setError, FIELDS));
      return;
    }
    setUser(result.data);
    session.set(result.data);
    form.reset(valuesOf(result.data));
    setEditing(false);
    const requested = changingEmail && result.data.pendingEmail;
    notify.success({ title: requested ? t('emailChangeRequested', { email: result.data.pendingEmail! }) : t('saved') });
  });

  const resend = useApiMutation(() => api.post<{ ok: true; email: string }>('/api/v1/auth/verify-email/resend'), {
    onSuccess: (data) => notify.success({ title: t('resent', { email: data.email }) }),
  });
  const resendButton = (
    <button
      type="button"
      disabled={resend.isPending}
      aria-busy={resend.isPending}
      onClick={() => resend.mutate()}
      className="mt-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-70"
    >
      {resend.isPending ? t('resending') : t('resend')}
    </button>
  );

  const home = () => goTo(getPathname({ locale, href: '/' }));

  const birthDate = user.dateOfBirth ? formatDate(new Date(`${user.dateOfBirth}T12:00:00Z`), locale, { dateStyle: 'long', timeZone: 'UTC' }) : t('notSet');

  return (
    <div className="space-y-8">
      <section aria-labelledby="personal-data" className="rounded-xl border border-slate-200 bg-white p-6">
        <div className="flex items-center justify-between gap-4">
          <h2 id="personal-data" className="text-xl font-semibold">
            {t('personalData')}
          </h2>
          {!editing && (
            <button type="button" onClick={() => setEditing(true)} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50">
              {t('edit')}
            </button>
          )}
        </div>
        {editing ? (
          <form noValidate onSubmit={save} className="mt-4 space-y-4">
            <FormAlert message={formError} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={tAuth('firstName')} autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
              <TextField label={tAuth('lastName')} autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
            </div>
            <TextField label={tAuth('email')} type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
            {changingEmail && (
              <div className="space-y-1">
                <TextField label={t('currentPassword')} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
                <p className="text-sm text-slate-600">{t('currentPasswordHint')}</p>
              </div>
            )}
            <TextField label={tAuth('dateOfBirth')} type="date" min="1900-01-01" autoComplete="bday" error={errors.dateOfBirth?.message} {...form.register('dateOfBirth')} />
            <div className="flex flex-col gap-3 sm:flex-row">
              <div className="sm:w-48">
                <SubmitButton pending={isSubmitting} pendingLabel={t('saving')}>
                  {t('save')}
                </SubmitButton>
              </div>
              <button
                type="button"
                onClick={() => {
                  form.reset(valuesOf(user));
                  setFormError(null);
                  setEditing(false);
                }}
                className="rounded-lg border border-slate-300 px-5 py-3 font-medium hover:bg-slate-50"
              >
                {t('cancelEdit')}
              </button>
            </div>
          </form>
        ) : (
          <dl className="mt-4 grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm text-slate-600">{tAuth('firstName')}</dt>
              <dd className="font-medium" data-testid="profile-first-name">
                {user.firstName}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{tAuth('lastName')}</dt>
              <dd className="font-medium" data-testid="profile-last-name">
                {user.lastName}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">{tAuth('email')}</dt>
              <dd className="font-medium break-all" data-testid="profile-email">
                {user.email}
              </dd>
              <dd className="mt-1 text-sm">
                <span
                  data-testid="email-status"
                  data-verified={user.emailVerified ? '1' : '0'}
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${user.emailVerified ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
                >
                  {user.emailVerified ? t('emailVerified') : t('emailUnverified')}
                </span>
                {!user.emailVerified && !user.pendingEmail && (
                  <>
                    <p className="mt-1 text-slate-700">{t('unverifiedHint')}</p>
                    {resendButton}
                  </>
                )}
              </dd>
              {user.pendingEmail && (
                <dd className="mt-2 text-sm text-slate-700" data-testid="pending-email">
                  <p>{t('pendingEmail', { email: user.pendingEmail })}</p>
                  {resendButton}
                </dd>
              )}
            </div>
            <div>
              <dt className="text-sm text-slate-600">{tAuth('dateOfBirth')}</dt>
              <dd className="font-medium" data-testid="profile-date-of-birth">
                <time dateTime={user.dateOfBirth ?? undefined}>{birthDate}</time>
              </dd>
            </div>
          </dl>
        )}
      </section>

      <TitledSection id="account-actions" title={t('dangerZone')} className="rounded-xl border border-slate-200 bg-white p-6">
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            disabled={signOut.isPending}
            aria-busy={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: home })}
            data-testid="sign-out"
            className="rounded-lg border border-slate-400 bg-white px-5 py-3 font-medium text-slate-900 hover:bg-slate-50 disabled:opacity-70"
          >
            {signOut.isPending ? t('signingOut') : t('signOut')}
          </button>
          <button type="button" onClick={() => setConfirming(true)} className="rounded-lg border border-red-300 px-5 py-3 font-medium text-red-800 hover:bg-red-50">
            {t('removeAccount')}
          </button>
        </div>
      </TitledSection>

      <ConfirmDialog
        open={confirming}
        title={t('removeTitle')}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        pending={removeAccount.isPending}
        pendingLabel={t('removing')}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          removeAccount.mutate(undefined, {
            onSettled: () => {
              notify.success({ title: t('removed') });
              home();
            },
          })
        }
      >
        <p>{t('removeConfirm')}</p>
      </ConfirmDialog>
    </div>
  );
}
