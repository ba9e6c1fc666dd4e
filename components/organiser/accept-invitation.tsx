'use client';

// The invitation link's one flow (app/[locale]/organiser/invitation): the link proves the address, so
// an invitee without an account makes one right here (InvitationSignUp), one with an account signs in
// and accepts (InvitationSignIn), one signed in as that address accepts (AcceptInvitation), and one
// signed in as someone else signs out and continues (SignOutAndContinue). Whoever joins lands where
// their role works: a scanner on the scanner, everyone else in the console.
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { goTo } from '@/components/auth/auth-helpers';
import { ConsentNotice } from '@/components/auth/consent-notice';
import { Field, FormAlert, SubmitButton, TextField } from '@/components/auth/form-parts';
import { useAccountSubmit } from '@/components/auth/use-account-submit';
import { useHydrated } from '@/components/ui/use-hydrated';
import { HOME_SCREENS, homeAfterJoining } from '@/lib/auth/home';
import { api } from '@/lib/client/api-client';
import { lazyResolver } from '@/lib/client/lazy-resolver';
import { clearSession, startSession, useSessionStore, type SessionUser } from '@/lib/client/session';
import { getPathname, Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { CURRENT_ORG_COOKIE, CURRENT_ORG_MAX_AGE } from '@/lib/organiser/current-org';
import type { OrgRole } from '@/lib/schemas/organiser';
import type { invitationSignUpSchema } from '@/lib/schemas/organiser-team';

type Accepted = { organisation: { id: string; name: string }; role: OrgRole };

const buttonClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-800 px-5 py-2 font-medium text-white hover:bg-emerald-700 disabled:opacity-70';

/** Opens the screen of the role just taken, on the organisation just joined (as the console's switcher would choose it). */
function useLandAfterJoining() {
  const locale = useLocale() as Locale;
  return (accepted: Accepted) => {
    document.cookie = `${CURRENT_ORG_COOKIE}=${encodeURIComponent(accepted.organisation.id)}; Path=/; Max-Age=${CURRENT_ORG_MAX_AGE}; SameSite=Lax`;
    goTo(getPathname({ locale, href: HOME_SCREENS[homeAfterJoining(accepted.role)] }));
  };
}

/** The invited address, shown as the account's email: it comes from the link and cannot be changed. */
function InvitedEmail({ email, label }: { email: string; label: string }) {
  return (
    <Field label={label}>
      {({ id }) => (
        <input
          id={id}
          type="email"
          value={email}
          readOnly
          aria-readonly="true"
          autoComplete="username"
          className="block w-full rounded-lg border border-slate-300 bg-slate-100 px-3 py-2 text-base text-slate-800"
        />
      )}
    </Field>
  );
}

type SignUpValues = z.input<typeof invitationSignUpSchema>;
const signUpResolver = lazyResolver<SignUpValues, z.output<typeof invitationSignUpSchema>>(() => import('./invitation-resolver').then((m) => m.invitationSignUpResolver));
const SIGN_UP_FIELDS = ['firstName', 'lastName', 'password', 'confirmPassword', 'token'] as const;

/** No account with the invited address yet: name and password make it, verified and a member, in one step. */
export function InvitationSignUp({ token, email }: { token: string; email: string }) {
  const t = useTranslations('organiser.invitation');
  const ta = useTranslations('auth');
  const session = useSessionStore();
  const land = useLandAfterJoining();
  const form = useForm<SignUpValues, unknown, z.output<typeof invitationSignUpSchema>>({
    resolver: signUpResolver,
    defaultValues: { token, firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const { formError, post, onSubmit } = useAccountSubmit(form, SIGN_UP_FIELDS);

  const submit = onSubmit(async (values) => {
    const result = await post<Accepted & { user: SessionUser; token: string }>('/api/v1/organiser/invitations/signup', values);
    startSession(session, result.user);
    land(result);
  });

  return (
    <section aria-labelledby="invitation-signup" className="space-y-4">
      <h2 id="invitation-signup" className="text-lg font-semibold">
        {t('newAccount.heading')}
      </h2>
      <p className="text-slate-700">{t('newAccount.text', { email })}</p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="invitation-signup">
        <FormAlert message={formError ?? errors.token?.message ?? null} />
        <InvitedEmail email={email} label={t('newAccount.email')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={ta('firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
          <TextField label={ta('lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
        </div>
        <TextField label={ta('password')} type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <TextField label={ta('confirmPassword')} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <ConsentNotice />
        <SubmitButton pending={isSubmitting || isSubmitSuccessful} pendingLabel={t('newAccount.submitting')}>
          {t('newAccount.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** The invited address has an account: its password signs in, and the invitation is accepted right after. */
export function InvitationSignIn({ token, email }: { token: string; email: string }) {
  const t = useTranslations('organiser.invitation');
  const ta = useTranslations('auth');
  const session = useSessionStore();
  const land = useLandAfterJoining();
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const {
    register,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = form;
  const { formError, post, onSubmit } = useAccountSubmit(form, ['password']);

  const submit = onSubmit(async ({ password }) => {
    const { user } = await post<{ user: SessionUser }>('/api/v1/auth/signin', { email, password });
    startSession(session, user);
    land(await post<Accepted>('/api/v1/organiser/invitations/accept', { token }));
  });

  return (
    <section aria-labelledby="invitation-signin" className="space-y-4">
      <h2 id="invitation-signin" className="text-lg font-semibold">
        {t('existingAccount.heading')}
      </h2>
      <p className="text-slate-700">{t('existingAccount.text', { email })}</p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="invitation-signin">
        <FormAlert message={formError} />
        <InvitedEmail email={email} label={ta('email')} />
        <TextField
          label={ta('password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password', { required: 'validation.passwordRequired' })}
        />
        <p className="text-right text-sm">
          <Link href="/password-reset" className="text-emerald-800 underline">
            {ta('forgotPassword')}
          </Link>
        </p>
        <SubmitButton pending={isSubmitting || isSubmitSuccessful} pendingLabel={t('existingAccount.submitting')}>
          {t('existingAccount.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

/** Signed in as another address than the invited one: says so, and signs out to continue with the invited one. */
export function SignOutAndContinue({ current, email }: { current: string; email: string }) {
  const t = useTranslations('organiser.invitation');
  const hydrated = useHydrated();
  const session = useSessionStore();
  const [pending, setPending] = useState(false);

  async function signOut() {
    setPending(true);
    await api.post('/api/v1/auth/signout', undefined, { toast: false });
    clearSession(session);
    // The same link again, signed out: the server now offers to sign in or make the account.
    window.location.reload();
  }

  return (
    <section aria-labelledby="invitation-other" className="space-y-3">
      <h2 id="invitation-other" className="text-lg font-semibold">
        {t('otherAccount.heading')}
      </h2>
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {t('otherAccount.text', { current, email })}
      </p>
      <button type="button" onClick={signOut} disabled={!hydrated || pending} aria-busy={pending} className={buttonClass}>
        {pending ? t('otherAccount.signingOut') : t('otherAccount.signOut')}
      </button>
    </section>
  );
}

/** Accepts a team invitation as the signed-in account of the invited address; the server's refusal (expired, used…) is shown here. */
export function AcceptInvitation({ token }: { token: string }) {
  const t = useTranslations('organiser');
  const hydrated = useHydrated();
  const land = useLandAfterJoining();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function accept() {
    setPending(true);
    setError(null);
    const result = await api.post<Accepted>('/api/v1/organiser/invitations/accept', { token }, { toast: [400, 403, 409, 422] });
    if (!result.ok) {
      setPending(false);
      if (result.status) setError(result.error.message);
      return;
    }
    land(result.data);
  }

  return (
    <div className="space-y-3">
      <FormAlert message={error} />
      <button type="button" onClick={accept} disabled={!hydrated || pending} aria-busy={pending} className={buttonClass}>
        {pending && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
        {pending ? t('invitation.accepting') : t('invitation.accept')}
      </button>
    </div>
  );
}
