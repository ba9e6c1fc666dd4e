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

  // Dot segments that the URL parser removes can leave a path starting with '//', which a browser
  // reads as another host: /.//evil.example/x → //evil.example/x → http://evil.example/x.
  it.each([
    '/.//evil.example/x',
    '/..//x',
    '/%2e//x',
    '/%2E//evil.example',
    '/%2e%2e//evil.example/x',
    '/x/..//evil.example',
    '/en/events/../..//evil.example',
    '/./\\evil.example',
    '/.//evil.example/..',
    '/.\t/evil.example',
    '/%2e/%2e//evil.example',
    '/./api/v1/auth/me',
    '/%2e/_next/static/x.js',
  ])('refuses %p, whose normalised path would leave the site', (input) => expect(safeReturnPath(input)).toBeNull());

  it.each([
    ['/en/./events', '/en/events'],
    ['/sk/podujatia/x/../kosik', '/sk/podujatia/kosik'],
    ['/.%2f/evil.example', '/.%2f/evil.example'],
    ['/en/events?next=//evil.example', '/en/events?next=//evil.example'],
  ])('normalises %p to %p, a path on this site', (input, expected) => expect(safeReturnPath(input)).toBe(expected));

  it('answers only paths that resolve to this origin, whatever the base', () => {
    const payloads = ['/.//evil.example/x', '/..//x', '/%2e//x', '/sk/profil', '/en/events?q=a#b', '/a/./b/../c'];
    for (const payload of payloads) {
      const path = safeReturnPath(payload);
      if (path !== null) expect(new URL(path, 'https://tribuna.sk/sk/prihlasenie').origin).toBe('https://tribuna.sk');
    }
  });
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

  // Bidi embedding, override and isolate controls make a name display as something else (on a
  // ticket, in a gift mail): 'Ján\u202Eakčiv' shows as 'Jánvička'.
  it.each(['202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069'])('refuses the bidi control U+%s in names', (hex) => {
    const control = String.fromCharCode(parseInt(hex, 16));
    const base = { firstName: 'Ján', lastName: 'Ďurček', sex: 'male', dateOfBirth: '1990-01-01', email: 'jan@example.sk', password: '12345678', confirmPassword: '12345678' };
    const keys = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`));
    expect(keys(signUpSchema.safeParse({ ...base, firstName: `Ján${control}akčiv` }))).toEqual(['firstName:validation.nameDirection']);
    expect(keys(signUpSchema.safeParse({ ...base, lastName: `${control}Ďurček` }))).toEqual(['lastName:validation.nameDirection']);
    expect(keys(profileSchema.safeParse({ firstName: 'Ján', lastName: `Ďur${control}ček`, email: 'jan@example.sk', dateOfBirth: '1990-01-01' }))).toEqual(['lastName:validation.nameDirection']);
  });

  it('keeps names in any script, including right-to-left ones', () => {
    for (const firstName of ['Ľubomír', 'Šárka', 'Zoë', 'יעל', 'مريم', 'Ólafur']) {
      expect(signUpSchema.safeParse({ firstName, lastName: 'X', sex: 'other', dateOfBirth: '1990-01-01', email: 'a@example.sk', password: '12345678', confirmPassword: '12345678' }).success).toBe(true);
    }
  });
});
