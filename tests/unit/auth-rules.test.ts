import { safeReturnPath } from '@/lib/auth/return-path';
import { isValidBirthDate, profileSchema, signInSchema, signUpSchema } from '@/lib/schemas/auth';

describe('return paths after sign-in', () => {
  it.each([
    ['/sk/podujatia/x/kosik', '/sk/podujatia/x/kosik'],
    ['/en/events?q=rock#top', '/en/events?q=rock#top'],
  ])('keeps the internal path %s', (input, expected) => expect(safeReturnPath(input)).toBe(expected));

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'sk/profil', '', '/api/v1/auth/me', '/x\n/y', 42, null, '/'.padEnd(3000, 'a')])(
    'refuses %p',
    (input) => expect(safeReturnPath(input)).toBeNull(),
  );
});

describe('account schemas', () => {
  it('checks real calendar dates, not in the future, not before 1900', () => {
    const today = new Date('2026-11-22T00:00:00Z');
    expect(isValidBirthDate('2000-02-29', today)).toBe(true);
    expect(isValidBirthDate('2001-02-29', today)).toBe(false);
    expect(isValidBirthDate('1899-12-31', today)).toBe(false);
    expect(isValidBirthDate('2026-11-23', today)).toBe(false);
    expect(isValidBirthDate('22.11.1990', today)).toBe(false);
  });

  it('lower-cases and trims the email; keeps names as typed', () => {
    const parsed = signUpSchema.parse({ firstName: ' Ján ', lastName: 'Ďurček', sex: 'not-to-say', dateOfBirth: '1990-01-01', email: ' Jan@Example.SK ', password: '12345678', confirmPassword: '12345678' });
    expect(parsed).toMatchObject({ email: 'jan@example.sk', firstName: 'Ján', lastName: 'Ďurček' });
  });

  it('uses the spec message keys', () => {
    const keys = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(keys(signInSchema.safeParse({ email: 'x', password: '1234567' }))).toEqual(['email:validation.emailInvalid', 'password:validation.passwordMin']);
    expect(keys(profileSchema.safeParse({ firstName: '', lastName: '\u0007', email: '', dateOfBirth: '' }))).toEqual([
      'firstName:validation.firstNameRequired',
      'lastName:validation.nameInvalid',
      'email:validation.emailRequired',
      'dateOfBirth:validation.dateInvalid',
    ]);
  });
});
