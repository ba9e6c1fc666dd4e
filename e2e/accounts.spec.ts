import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expect, messages, test, uniqueEmail, verifyEmailFromMailbox, type Locale } from './fixtures';

const paths = {
  sk: { home: '/sk', signin: '/sk/prihlasenie', signup: '/sk/registracia', profile: '/sk/profil', reset: '/sk/obnovenie-hesla', events: '/sk/podujatia' },
  cs: { home: '/cs', signin: '/cs/prihlaseni', signup: '/cs/registrace', profile: '/cs/profil', reset: '/cs/obnoveni-hesla', events: '/cs/udalosti' },
  en: { home: '/en', signin: '/en/signin', signup: '/en/signup', profile: '/en/profile', reset: '/en/password-reset', events: '/en/events' },
} as const;

const PASSWORD = 'correct-horse-1';

function header(page: Page) {
  return page.getByRole('navigation', { name: messages.en.nav.main }).or(page.getByRole('navigation', { name: messages.sk.nav.main })).or(page.getByRole('navigation', { name: messages.cs.nav.main }));
}

async function fillSignUp(page: Page, locale: Locale, email: string, overrides: Partial<Record<'firstName' | 'lastName' | 'password' | 'confirm', string>> = {}) {
  const a = messages[locale].auth;
  await page.getByLabel(a.firstName, { exact: true }).fill(overrides.firstName ?? 'Ľubica');
  await page.getByLabel(a.lastName, { exact: true }).fill(overrides.lastName ?? 'Horváthová');
  await page.getByLabel(a.sex, { exact: true }).selectOption('female');
  await page.getByLabel(a.dateOfBirth, { exact: true }).fill('1993-07-21');
  await page.getByLabel(a.email, { exact: true }).fill(email);
  await page.getByLabel(a.password, { exact: true }).fill(overrides.password ?? PASSWORD);
  await page.getByLabel(a.confirmPassword, { exact: true }).fill(overrides.confirm ?? PASSWORD);
}

async function fillSignIn(page: Page, locale: Locale, email: string, password: string) {
  const a = messages[locale].auth;
  await page.getByLabel(a.email, { exact: true }).fill(email);
  await page.getByLabel(a.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: a.signInSubmit }).click();
}

for (const locale of ['sk', 'en'] as const) {
  const m = messages[locale];
  const p = paths[locale];

  test(`${locale}: sign up through the form lands signed in on the profile, and the header changes`, async ({ page }) => {
    await page.goto(p.signup);
    await expect(header(page).getByRole('link', { name: m.nav.signIn })).toBeVisible();
    await expect(page.getByRole('link', { name: m.footer.gdpr }).first()).toBeVisible();
    const email = uniqueEmail(`signup-${locale}`);
    await fillSignUp(page, locale, email);
    await page.getByRole('button', { name: m.auth.signUpSubmit }).click();
    await expect(page).toHaveURL(new RegExp(`${p.profile}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.profile.title);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await expect(page.getByTestId('profile-first-name')).toHaveText('Ľubica');
    await expect(header(page).getByRole('link', { name: m.nav.profile })).toBeVisible();
    await expect(header(page).getByRole('link', { name: m.nav.signIn })).toHaveCount(0);

    // Sign out: back home, signed out, and the profile is guarded again.
    await page.getByRole('button', { name: m.profile.signOut }).click();
    await expect(page).toHaveURL(new RegExp(`${p.home}$`));
    await expect(header(page).getByRole('link', { name: m.nav.signIn })).toBeVisible();
    await page.goto(p.profile);
    await expect(page).toHaveURL(new RegExp(`${p.signin}\\?next=`));
  });

  test(`${locale}: a wrong password shows the message and stays on sign-in`, async ({ page }) => {
    await page.goto(p.signin);
    await fillSignIn(page, locale, demo.fan, 'wrong-password-1');
    await expect(page.getByText(m.errors.invalidCredentials)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${p.signin}$`));
    await expect(header(page).getByRole('link', { name: m.nav.signIn })).toBeVisible();
    // …and the right one signs in.
    await fillSignIn(page, locale, demo.fan, DEMO_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${p.profile}$`));
  });

  test(`${locale}: every validation message of sign-in and sign-up appears for its bad input`, async ({ page }) => {
    const v = m.validation;
    await page.goto(p.signin);
    await page.getByRole('button', { name: m.auth.signInSubmit }).click();
    await expect(page.getByText(v.emailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(v.passwordRequired, { exact: true })).toBeVisible();
    await fillSignIn(page, locale, 'not-an-email', 'short');
    await expect(page.getByText(v.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(v.passwordMin, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${p.signin}$`));

    await page.goto(p.signup);
    await page.getByRole('button', { name: m.auth.signUpSubmit }).click();
    for (const message of [v.firstNameRequired, v.lastNameRequired, v.sexRequired, v.dateInvalid, v.emailRequired, v.passwordEmpty]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel(m.auth.email, { exact: true }).fill('still-not-an-email');
    await page.getByLabel(m.auth.password, { exact: true }).fill('abc');
    await page.getByLabel(m.auth.confirmPassword, { exact: true }).fill('abd');
    await page.getByRole('button', { name: m.auth.signUpSubmit }).click();
    await expect(page.getByText(v.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(v.passwordMin, { exact: true })).toBeVisible();
    await expect(page.getByText(v.passwordMismatch, { exact: true })).toBeVisible();
    // The invalid controls are marked and described for assistive technology.
    await expect(page.getByLabel(m.auth.email, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });
}

test('sk: the Slovak messages are exactly the spec wording', async ({ page }) => {
  await page.goto(paths.sk.signup);
  await page.getByLabel(messages.sk.auth.email, { exact: true }).fill('');
  await page.getByLabel(messages.sk.auth.password, { exact: true }).fill('12345678');
  await page.getByLabel(messages.sk.auth.confirmPassword, { exact: true }).fill('87654321');
  await page.getByRole('button', { name: messages.sk.auth.signUpSubmit }).click();
  for (const text of ['Email je povinný.', 'Prosím vyberte možnosť.', 'Tieto dve heslá sa nezhodujú.']) await expect(page.getByText(text, { exact: true })).toBeVisible();
  await page.getByLabel(messages.sk.auth.email, { exact: true }).fill('zle');
  await page.getByRole('button', { name: messages.sk.auth.signUpSubmit }).click();
  await expect(page.getByText('Neplatný email.', { exact: true })).toBeVisible();
});

test('en: a taken email shows as a field error on sign-up', async ({ page, signUpFresh }) => {
  const email = await signUpFresh();
  await page.context().clearCookies();
  await page.goto(paths.en.signup);
  await fillSignUp(page, 'en', email);
  await page.getByRole('button', { name: messages.en.auth.signUpSubmit }).click();
  await expect(page.getByText(messages.en.errors.emailTaken)).toBeVisible();
  await expect(page).toHaveURL(/\/en\/signup$/);
});

test('guards: signed out → sign-in with a return path and back; signed in → away from sign-in and sign-up', async ({ page }) => {
  await page.goto('/en/events/dunaj-bratislava-fc-kosice/cart');
  await expect(page).toHaveURL(/\/en\/signin\?next=%2Fen%2Fevents%2Fdunaj-bratislava-fc-kosice%2Fcart$/);
  await page.goto('/sk/profil');
  await expect(page).toHaveURL(/\/sk\/prihlasenie\?next=%2Fsk%2Fprofil$/);
  await fillSignIn(page, 'sk', demo.fan, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/sk\/profil$/);
  await expect(page.getByTestId('profile-email')).toHaveText(demo.fan);

  await page.goto('/sk/prihlasenie');
  await expect(page).toHaveURL(/\/sk\/profil$/);
  await page.goto('/sk/registracia');
  await expect(page).toHaveURL(/\/sk\/profil$/);
  await page.goto('/en/signin?next=%2Fen%2Fevents');
  await expect(page).toHaveURL(/\/en\/events$/);
  // Only internal return paths: anything else goes to the profile.
  for (const evil of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x']) {
    await page.goto(`/en/signin?next=${encodeURIComponent(evil)}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/profile$/);
  }
});

test('signing in through the form with a crafted return path stays on this site', async ({ page }) => {
  // Dot segments the URL parser removes would leave '//evil.example/x', another host.
  for (const evil of ['/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x']) {
    await page.context().clearCookies();
    await page.goto(`/en/signin?next=${encodeURIComponent(evil)}`);
    await fillSignIn(page, 'en', demo.fanEn, DEMO_PASSWORD);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/profile$/);
  }
});

test('signing in from a guarded page returns to it (cs)', async ({ page, signUpFresh }) => {
  const email = await signUpFresh();
  await page.context().clearCookies();
  await page.goto('/cs/profil');
  await expect(page).toHaveURL(/\/cs\/prihlaseni\?next=/);
  await fillSignIn(page, 'cs', email, PASSWORD);
  await expect(page).toHaveURL(/\/cs\/profil$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.cs.profile.title);
});

test('a session revoked elsewhere does not loop: the profile sends to sign-in and the dead cookie goes', async ({ page }) => {
  const response = await page.request.post('/api/v1/auth/signin', { data: { email: demo.fanEn, password: DEMO_PASSWORD } });
  const { token } = await response.json();
  // Sign out "on another device" with the bearer token: the browser's cookie now names a dead session.
  expect((await page.request.post('/api/v1/auth/signout', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/en\/signin\?/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.en.auth.signInTitle);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'tribuna_session')).toBeUndefined();
  await page.goto('/en/signin');
  await expect(page).toHaveURL(/\/en\/signin$/);
});

test('profile: edit persists, with validation', async ({ page, signUpFresh }) => {
  await signUpFresh({ firstName: 'Peter', lastName: 'Kováč' });
  await page.goto('/en/profile');
  await expect(page.getByTestId('profile-first-name')).toHaveText('Peter');
  await page.getByRole('button', { name: messages.en.profile.edit }).click();
  await page.getByLabel(messages.en.auth.firstName, { exact: true }).fill('');
  await page.getByRole('button', { name: messages.en.profile.save }).click();
  await expect(page.getByText(messages.en.validation.firstNameRequired, { exact: true })).toBeVisible();
  await page.getByLabel(messages.en.auth.firstName, { exact: true }).fill('Pavol');
  await page.getByLabel(messages.en.auth.lastName, { exact: true }).fill('Ďurčo');
  await page.getByLabel(messages.en.auth.dateOfBirth, { exact: true }).fill('1988-12-24');
  await page.getByRole('button', { name: messages.en.profile.save }).click();
  await expect(page.getByTestId('profile-first-name')).toHaveText('Pavol');
  await page.reload();
  await expect(page.getByTestId('profile-first-name')).toHaveText('Pavol');
  await expect(page.getByTestId('profile-last-name')).toHaveText('Ďurčo');
  await expect(page.getByTestId('profile-date-of-birth').locator('time')).toHaveAttribute('datetime', '1988-12-24');
});

test('profile: a new email needs the current password and waits for the link; the old one works until then', async ({ page, signUpFresh }) => {
  const oldEmail = await signUpFresh({ firstName: 'Mover' });
  const m = messages.en.profile;
  await page.goto('/en/profile');
  await expect(page.getByTestId('email-status')).toHaveText(m.emailUnverified);
  await page.getByRole('button', { name: m.edit }).click();
  await expect(page.getByLabel(m.currentPassword, { exact: true })).toHaveCount(0);
  const newEmail = uniqueEmail('moved');
  await page.getByLabel(messages.en.auth.email, { exact: true }).fill(newEmail);
  await page.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(messages.en.validation.currentPasswordRequired, { exact: true })).toBeVisible();
  await page.getByLabel(m.currentPassword, { exact: true }).fill('wrong-password-1');
  await page.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(messages.en.errors.wrongPassword, { exact: true })).toBeVisible();
  await page.getByLabel(m.currentPassword, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.emailChangeRequested.replace('{email}', newEmail))).toBeVisible();
  await expect(page.getByTestId('profile-email')).toHaveText(oldEmail);
  await expect(page.getByTestId('pending-email')).toContainText(newEmail);
  await page.reload();
  await expect(page.getByTestId('pending-email')).toContainText(newEmail);

  // The old address got a notice; the new one the link. Until it is used, the old address signs in.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(oldEmail)}`);
  await expect(page.locator('article.mail[data-kind="email-change-notice"]')).toContainText(newEmail);
  expect((await page.request.post('/api/v1/auth/signin', { data: { email: newEmail, password: PASSWORD } })).status()).toBe(400);
  await verifyEmailFromMailbox(page, newEmail, { locale: 'en' });
  await page.goto('/en/profile');
  await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
  await expect(page.getByTestId('email-status')).toHaveText(m.emailVerified);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
  expect((await page.request.post('/api/v1/auth/signin', { data: { email: oldEmail, password: PASSWORD } })).status()).toBe(400);
});

test('the verification link opened signed out asks for the account’s password; a made-up link is refused in each language', async ({ page, signUpFresh }) => {
  const email = await signUpFresh();
  await page.context().clearCookies();
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.locator('article.mail[data-kind="email-verification"]').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sk\/overenie-emailu\?token=|\/en\/verify-email\?token=/);
  const locale = page.url().includes('/en/') ? 'en' : 'sk';
  const v = messages[locale].verifyEmail;
  await page.getByRole('button', { name: v.submit }).click();
  await expect(page.getByText(v.passwordRequired, { exact: true })).toBeVisible();
  await page.getByLabel(v.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: v.submit }).click();
  await expect(page.getByText(v.done.replace('{email}', email))).toBeVisible();
  await expect(page.locator('#main').getByRole('link', { name: v.toSignIn })).toBeVisible();
  for (const path of ['/en/verify-email', '/cs/overeni-emailu']) {
    await page.goto(`${path}?token=made-up`);
    await expect(page.getByText(messages[path.startsWith('/en') ? 'en' : 'cs'].errors.verifyInvalid)).toBeVisible();
  }
});

test('account removal: confirmation dialog (Escape and Cancel keep the account), Confirm signs out for good', async ({ page, signUpFresh }) => {
  const email = await signUpFresh();
  await page.goto('/en/profile');
  const m = messages.en.profile;
  await page.getByRole('button', { name: m.removeAccount }).click();
  const dialog = page.getByRole('dialog', { name: m.removeTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Are you sure you want to remove your account? This action cannot be undone.');
  await expect(dialog.getByRole('button', { name: m.cancel })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: m.removeAccount }).click();
  await dialog.getByRole('button', { name: m.cancel }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('profile-email')).toHaveText(email);

  await page.getByRole('button', { name: m.removeAccount }).click();
  const axe = await new AxeBuilder({ page }).include('dialog').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await dialog.getByRole('button', { name: m.confirm }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(header(page).getByRole('link', { name: messages.en.nav.signIn })).toBeVisible();
  const again = await page.request.post('/api/v1/auth/signin', { data: { email, password: PASSWORD } });
  expect(again.status()).toBe(400);
});

test('password reset through the dev mailbox (en), then sign in with the new password', async ({ page, signUpFresh }) => {
  const email = await signUpFresh({ firstName: 'Forgetful' });
  await page.context().clearCookies();
  const r = messages.en.passwordReset;
  await page.goto('/en/signin');
  await page.getByRole('link', { name: messages.en.auth.forgotPassword }).click();
  await expect(page).toHaveURL(/\/en\/password-reset$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title);
  // Client navigation: scope to the visible form (the previous page may stay mounted but hidden).
  await page.getByRole('form', { name: r.title }).getByLabel(messages.en.auth.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: r.submit }).click();
  await expect(page.getByText(r.sent)).toBeVisible();

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}&lang=en`);
  const mail = page.locator('article.mail').first();
  await expect(mail).toContainText(messages.en.email.passwordResetSubject);
  await expect(mail).toContainText('Forgetful');
  await mail.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/password-reset\/new\?token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.newTitle);

  await page.getByRole('button', { name: r.submitNew }).click();
  await expect(page.getByText(messages.en.validation.newPasswordRequired, { exact: true })).toBeVisible();
  await page.getByLabel(r.newPassword, { exact: true }).fill('a-brand-new-one');
  await page.getByLabel(r.confirmPassword, { exact: true }).fill('a-brand-new-two');
  await page.getByRole('button', { name: r.submitNew }).click();
  await expect(page.getByText(messages.en.validation.passwordMismatch, { exact: true })).toBeVisible();
  await page.getByLabel(r.confirmPassword, { exact: true }).fill('a-brand-new-one');
  await page.getByRole('button', { name: r.submitNew }).click();
  await expect(page).toHaveURL(/\/en\/signin\?reset=1$/);
  await expect(page.getByText(r.done)).toBeVisible();

  await fillSignIn(page, 'en', email, PASSWORD);
  await expect(page.getByText(messages.en.errors.invalidCredentials)).toBeVisible();
  await fillSignIn(page, 'en', email, 'a-brand-new-one');
  await expect(page).toHaveURL(/\/en\/profile$/);

  // The link is single-use.
  await page.goBack();
  const used = await page.request.post('/api/v1/auth/password-reset/confirm', {
    data: { token: 'x'.repeat(43), email, password: 'another-one-1', confirmPassword: 'another-one-1' },
  });
  expect(used.status()).toBe(400);
});

test('sk: the reset email and page are in Slovak', async ({ page, signUpFresh }) => {
  const email = await signUpFresh();
  await page.context().clearCookies();
  await page.goto(paths.sk.reset);
  await page.getByLabel(messages.sk.auth.email, { exact: true }).fill(email);
  await page.getByRole('button', { name: messages.sk.passwordReset.submit }).click();
  await expect(page.getByText(messages.sk.passwordReset.sent)).toBeVisible();
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.locator('article.mail').first()).toContainText(messages.sk.email.passwordResetSubject);
  await page.locator('article.mail').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sk\/obnovenie-hesla\/nove\?token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.sk.passwordReset.newTitle);
});

test('the account pages have no serious accessibility violations', async ({ page, signIn }) => {
  for (const path of ['/en/signin', '/sk/registracia', '/en/password-reset']) {
    await page.goto(path);
    const result = await new AxeBuilder({ page }).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), path).toEqual([]);
  }
  await signIn();
  await page.goto('/sk/profil');
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('the web client sends the XSRF header: a cookie session can change the profile, a forged request cannot', async ({ page, signUpFresh }) => {
  await signUpFresh();
  await page.goto('/en');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBe(false);
  expect(cookies.find((c) => c.name === 'tribuna_session')?.httpOnly).toBe(true);
  const forged = await page.request.patch('/api/v1/auth/me', { data: { firstName: 'X', lastName: 'Y', email: uniqueEmail(), dateOfBirth: '1990-01-01' } });
  expect(forged.status()).toBe(403);
});

test('login CSRF: a text/plain form on another site cannot sign this browser in', async ({ page, baseURL }) => {
  // An HTML form with enctype="text/plain" whose one field reads as JSON: {"email":…,"password":…,"x":"="}.
  const field = `{"email":"${demo.fanEn}","password":"${DEMO_PASSWORD}","x":"`;
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><form method="post" enctype="text/plain" action="${baseURL}/api/v1/auth/signin"><input type="hidden" name='${field}' value='"}'><button>Win a ticket</button></form>`,
    }),
  );
  await page.goto('http://evil.example/');
  const [response] = await Promise.all([page.waitForResponse(`${baseURL}/api/v1/auth/signin`), page.getByRole('button', { name: 'Win a ticket' }).click()]);
  expect(response.status()).toBe(403);
  expect((await page.context().cookies(baseURL)).find((c) => c.name === 'tribuna_session')).toBeUndefined();
  await page.goto('/en/profile');
  await expect(page).toHaveURL(/\/en\/signin\?next=/);
});
