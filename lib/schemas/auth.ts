// One zod schema per account form, shared by the form (zodResolver) and the API handler (parseBody).
// Every message is a key in messages/*.json (namespace `validation`), translated where it is shown.
import { z } from 'zod';
// In a module of their own, so the sign-up form can list them without loading zod.
import { SEXES, type Sex } from './sexes';
import { HOMES } from '@/lib/auth/home';
import { plainText, personName } from './primitives';

export { SEXES, type Sex };

export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that nobody makes the server hash megabytes. */
export const PASSWORD_MAX = 200;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

const email = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .max(EMAIL_MAX, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'))
  .transform((value) => value.toLowerCase());

// No control character, lone surrogate or directional mark: a name is shown on tickets and in mails as it is.
const name = (requiredKey: string) => personName({ required: requiredKey, max: NAME_MAX });

/** YYYY-MM-DD, a real calendar day, not in the future, not before 1900. */
export function isValidBirthDate(value: string, today = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  return year >= 1900 && date.getTime() <= today.getTime();
}

const dateOfBirth = z.string({ error: 'validation.dateInvalid' }).trim().refine((value) => isValidBirthDate(value), 'validation.dateInvalid');

const passwordFor = (requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .min(1, requiredKey)
    .min(PASSWORD_MIN, 'validation.passwordMin')
    .max(PASSWORD_MAX, 'validation.passwordTooLong');

// The confirmation check runs even while other fields are still wrong, so the form shows every message at once.
function passwordsMatch<T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.confirmPassword, {
    message: 'validation.passwordMismatch',
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return typeof value?.password === 'string' && typeof value?.confirmPassword === 'string';
    },
  });
}

/** Sign-in (spec §5): email required and valid; password required, at least 8 characters. */
export const signInSchema = z.object({
  email,
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(PASSWORD_MIN, 'validation.passwordMin')
    .max(PASSWORD_MAX, 'validation.passwordTooLong'),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The fields of a new account's name and password (sign-up, and signing up from a team invitation). */
export const newAccountFields = {
  firstName: name('validation.firstNameRequired'),
  lastName: name('validation.lastNameRequired'),
  password: passwordFor('validation.passwordEmpty'),
  confirmPassword: z.string({ error: 'validation.passwordMismatch' }).max(PASSWORD_MAX, 'validation.passwordMismatch'),
};
export { passwordsMatch };

/** Sign-up (spec §5). Consent to the terms and data processing is given by creating the account. */
export const signUpSchema = passwordsMatch(
  z.object({
    firstName: newAccountFields.firstName,
    lastName: newAccountFields.lastName,
    sex: z.enum(SEXES, { error: 'validation.sexRequired' }),
    dateOfBirth,
    email,
    password: newAccountFields.password,
    confirmPassword: newAccountFields.confirmPassword,
  }),
);
export type SignUpInput = z.infer<typeof signUpSchema>;
/** What the sign-up form holds before validation (sex starts unselected). */
export type SignUpFormValues = Omit<SignUpInput, 'sex'> & { sex: Sex | '' };

/**
 * Profile edit: the personal data a person can change. A new email also needs the current password
 * (the server asks for it: it alone knows whether the email changed) and takes effect only once the
 * new address is verified.
 */
export const profileSchema = z.object({
  firstName: name('validation.firstNameRequired'),
  lastName: name('validation.lastNameRequired'),
  email,
  dateOfBirth,
  currentPassword: z.string({ error: 'validation.currentPasswordRequired' }).max(PASSWORD_MAX, 'errors.wrongPassword').optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** The token of an emailed verification link, and the account's password when the one confirming is not signed in as it. */
export const verifyEmailSchema = z.object({
  token: plainText('errors.verifyInvalid').min(1, 'errors.verifyInvalid').max(200, 'errors.verifyInvalid'),
  password: z.string({ error: 'verifyEmail.passwordRequired' }).max(PASSWORD_MAX, 'errors.wrongPassword').optional(),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** The user as the API answers it (sign-up, sign-in, GET/PATCH /auth/me): the spec's fields and a few more. */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  locale: z.enum(['sk', 'cs', 'en']),
  emailVerified: z.boolean().describe('The person has proved `email` is theirs (gifts to it arrive only then)'),
  pendingEmail: z.string().nullable().describe('A new email waiting for its verification link; `email` stays in use until then'),
});
export type User = z.infer<typeof userSchema>;

/** Who a session belongs to: the user without the verification state (what pages seed the client with). */
export const sessionUserSchema = userSchema.pick({ id: true, email: true, firstName: true, lastName: true, dateOfBirth: true, sex: true, locale: true });
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Sign-up and sign-in: the user and the session token (the web also gets the session cookie). */
export const sessionSchema = z.object({ user: userSchema, token: z.string().describe('Send as `Authorization: Bearer <token>`') });

/** POST /api/v1/auth/signin: the session and where the person lands when no page asked for them. */
export const signInResultSchema = sessionSchema.extend({
  home: z.enum(HOMES).describe('console: an owner or manager of an organisation; scanner: gate staff only; profile: everyone else'),
});

/** POST /api/v1/auth/verify-email */
export const verifyEmailResultSchema = z.object({ ok: z.literal(true), email: z.string(), changed: z.boolean().describe('The account moved to this email') });

/** POST /api/v1/auth/verify-email/resend: where the link went. */
export const resendVerificationResultSchema = z.object({ ok: z.literal(true), email: z.string() });

/** Password reset, step 1: where to send the link. */
export const passwordResetRequestSchema = z.object({ email });
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** Password reset, step 2 (spec §5): the emailed token, the email, the new password twice. */
export const passwordResetSchema = passwordsMatch(
  z.object({
    token: plainText('passwordReset.invalidLink').min(1, 'passwordReset.invalidLink').max(200, 'passwordReset.invalidLink'),
    email,
    password: passwordFor('validation.newPasswordRequired'),
    confirmPassword: z.string({ error: 'validation.passwordMismatch' }).max(PASSWORD_MAX, 'validation.passwordMismatch'),
  }),
);
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** Account removal takes no input; an empty or absent JSON body is fine. */
export const removeAccountSchema = z.object({});
