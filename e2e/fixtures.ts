import { test as base, expect, type Page } from '@playwright/test';
import cs from '../messages/cs.json';
import en from '../messages/en.json';
import sk from '../messages/sk.json';

export const messages = { sk, cs, en } as const;
export type Locale = keyof typeof messages;
export const locales: Locale[] = ['sk', 'cs', 'en'];

/** Demo accounts from the seed (lib/server/db/seed/users.ts). */
export const DEMO_PASSWORD = 'tribuna-demo';
export const demo = {
  fan: 'fan@tribuna.sk',
  fanCs: 'fanusik@tribuna.cz',
  fanEn: 'supporter@tribuna.eu',
  /** Organisers (lib/server/db/seed/organisers.ts) and the gate scanner of both clubs. */
  dunajOwner: 'klub@fkdunaj.sk',
  dunajManager: 'pokladna@fkdunaj.sk',
  vltavaOwner: 'klub@hcvltava.cz',
  scanner: 'skener@tribuna.sk',
};
/** A seated stadium event and a standing concert from the seed. */
export const seeded = { stadiumEvent: 'dunaj-bratislava-fc-kosice', standingEvent: 'polarna-ziara-kosice' };

let counter = 0;
/** An email no other test uses. */
export function uniqueEmail(tag = 'fan'): string {
  return `${tag}.${Date.now().toString(36)}.${process.pid}.${counter++}@example.com`;
}

type Fixtures = {
  /** Signs the page's browser context in through the API (the same call the forms make). */
  signIn: (email?: string, password?: string) => Promise<void>;
  /** Creates a new account through the API, signed in; returns its email. */
  signUpFresh: (overrides?: Partial<Record<string, string>>) => Promise<string>;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page }, use) => {
    await use(async (email = demo.fan, password = DEMO_PASSWORD) => {
      const response = await page.request.post('/api/v1/auth/signin', { data: { email, password } });
      expect(response.status(), await response.text()).toBe(200);
    });
  },
  signUpFresh: async ({ page }, use) => {
    await use(async (overrides = {}) => {
      const email = overrides.email ?? uniqueEmail();
      const response = await page.request.post('/api/v1/auth/signup', {
        data: {
          firstName: 'Test',
          lastName: 'Fanúšik',
          sex: 'other',
          dateOfBirth: '1995-05-05',
          email,
          password: 'correct-horse-1',
          confirmPassword: 'correct-horse-1',
          ...overrides,
        },
      });
      expect(response.status(), await response.text()).toBe(200);
      return email;
    });
  },
});

export { expect };

export async function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

/**
 * Confirms `email` the way a person does: the newest verification mail in the dev mailbox, its link,
 * the landing page's button (the page must be signed in as the account, or `password` is typed).
 */
export async function verifyEmailFromMailbox(page: Page, email: string, options: { locale?: Locale; password?: string } = {}) {
  const m = messages[options.locale ?? 'sk'];
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mail = page.locator('article.mail[data-kind="email-verification"], article.mail[data-kind="email-change"]').first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.verifyEmail.title);
  if (options.password) await page.getByLabel(m.verifyEmail.password, { exact: true }).fill(options.password);
  await page.getByRole('button', { name: m.verifyEmail.submit }).click();
  const done = m.verifyEmail.done.replace('{email}', email);
  const changed = m.verifyEmail.doneChanged.replace('{email}', email);
  await expect(page.getByText(done, { exact: true }).or(page.getByText(changed, { exact: true }))).toBeVisible();
}

