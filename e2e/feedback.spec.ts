// Feedback after an event (issue 19 item 3), on a phone: a fan who was checked in at the e2e-only concert
// that ended eight hours ago (seed: e2e-hodnotenie, hodnotenie@e2e.tribuna.sk) finds the sweeper's
// invitation in the demo mailbox, follows its link and answers with the keyboard; the organiser (Pulz
// Live) reads the average and the comment in the console's Feedback tab and downloads the CSV.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { parse } from 'csv-parse/sync';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, messages, test } from './fixtures';

const FAN = 'hodnotenie@e2e.tribuna.sk';
const ORGANISER = 'promoter@pulzlive.sk';
const EVENT = 'e2e-hodnotenie';
const f = messages.sk.feedback;
const o = messages.sk.organiser.feedback;
const COMMENT = 'Skvelý koncert, zvuk bol výborný – len šatňa bola pomalá.';
const SONG = 'Polárna noc';

test.use({ viewport: { width: 390, height: 844 } });

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target}`);
}

test('a checked-in fan answers from the invitation email; the organiser reads it and downloads the CSV', async ({ page, signIn, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(FAN, DEMO_PASSWORD);

  // The sweeper (every 15 s) invites the holder once the concert has been over for two hours.
  const mail = page.locator('article.mail[data-kind="notification-feedback-request"]');
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(FAN)}`);
    await expect(mail).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 60_000, intervals: [2_000] });
  await expect(mail).toContainText('Aké bolo podujatie E2E: hodnotenie koncertu?');
  await mail.getByRole('link').first().click();

  await expect(page).toHaveURL(new RegExp(`/sk/podujatia/${EVENT}/hodnotenie$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(f.title);
  const overall = page.getByRole('group', { name: f.ratingLegend });
  await expect(overall).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Sending without a rating says what is missing.
  await page.getByRole('button', { name: f.submit }).click();
  await expect(page.getByText(f.errors.ratingRequired)).toBeVisible();

  // The keyboard: arrows move along the 1–5 scale.
  await overall.getByRole('radio', { name: f.ratingOption.replace('{value}', '1') }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(overall.getByRole('radio', { name: f.ratingOption.replace('{value}', '4') })).toBeChecked();
  const sound = page.getByRole('group', { name: `Ako sa vám páčil zvuk? ${f.optional}` });
  await sound.getByRole('radio', { name: f.ratingOption.replace('{value}', '1') }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(sound.getByRole('radio', { name: f.ratingOption.replace('{value}', '5') })).toBeChecked();
  await page.getByLabel(`Akú pieseň ste najviac chceli počuť? ${f.optional}`).fill(SONG);
  await page.getByLabel(f.comment).fill(COMMENT);
  await page.getByLabel(f.comment).press('Tab');
  await expect(page.getByRole('button', { name: f.submit })).toBeFocused();
  await page.keyboard.press('Enter');

  // Answered once: the page now shows the answer, and a second one is refused.
  await expect(page.getByText(f.yourRating.replace('{rating}', '4'))).toBeVisible();
  await expect(page.getByText(COMMENT)).toBeVisible();
  await expect(page.getByRole('button', { name: f.submit })).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  const again = await page.request.post(`/api/v1/events/${EVENT}/feedback`, {
    data: { rating: 1 },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? ''), 'Accept-Language': 'sk' },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe(f.errors.alreadyGiven);
  expect(await seriousViolations(page)).toEqual([]);

  // Your tickets links the past concert's form.
  await page.goto('/sk/vstupenky');
  await page.getByText(messages.sk.tickets.past, { exact: false }).first().click();
  await expect(page.getByRole('link', { name: f.ticketsLink })).toBeVisible();

  // The organiser, on a phone too.
  const context = await browser.newContext({ baseURL, locale: 'sk-SK', viewport: { width: 390, height: 844 } });
  const organiser = await context.newPage();
  expect((await organiser.request.post('/api/v1/auth/signin', { data: { email: ORGANISER, password: DEMO_PASSWORD } })).status()).toBe(200);
  const mine = await (await organiser.request.get('/api/v1/organiser/organisations')).json();
  const pulz = mine.organisations.find((org: { slug: string }) => org.slug === 'pulz-live');
  const list = await (await organiser.request.get(`/api/v1/organiser/events?organisation=${pulz.id}`)).json();
  const eventId = list.events.find((e: { slug: string }) => e.slug === EVENT).id;
  await organiser.goto(`/sk/organizator/podujatia/${eventId}`);
  await organiser.getByRole('link', { name: messages.sk.organiser.eventTabs.feedback, exact: true }).click();
  await expect(organiser).toHaveURL(new RegExp(`/sk/organizator/podujatia/${eventId}/hodnotenie$`));
  await expect(organiser.getByTestId('feedback-average')).toHaveText(o.averageValue.replace('{value}', '4'));
  await expect(organiser.getByTestId('feedback-comments')).toContainText(COMMENT);
  await expect(organiser.getByText(SONG)).toBeVisible();
  expect(await seriousViolations(organiser)).toEqual([]);
  expect(await organiser.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const [download] = await Promise.all([organiser.waitForEvent('download'), organiser.getByRole('link', { name: o.download }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${EVENT}-feedback-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  // Slovak Excel's dialect: semicolons.
  const rows = parse(readFileSync((await download.path())!), { bom: true, delimiter: ';' }) as string[][];
  expect(rows[0]).toEqual([o.csv.submittedAt, o.csv.rating, o.csv.comment, 'Ako sa vám páčil zvuk?', 'Akú pieseň ste najviac chceli počuť?']);
  expect(rows.slice(1).map((row) => row.slice(1))).toEqual([['4', COMMENT, '5', SONG]]);

  // A third question, after the event: every language is required.
  await organiser.getByRole('button', { name: o.add }).click();
  const third = organiser.getByRole('group', { name: o.question.replace('{n}', '3') });
  await third.getByLabel(o.promptSk).fill('Prídete aj budúci rok?');
  await third.getByLabel(o.kind).selectOption('text');
  await organiser.getByRole('button', { name: o.save }).click();
  await expect(third.getByText(o.errors.promptRequired).first()).toBeVisible();
  await third.getByLabel(o.promptCs).fill('Přijdete i příští rok?');
  await third.getByLabel(o.promptEn).fill('Will you come next year?');
  await organiser.getByRole('button', { name: o.save }).click();
  await expect(organiser.getByRole('heading', { name: 'Prídete aj budúci rok?' })).toBeVisible();
  await organiser.reload();
  await expect(organiser.getByRole('group', { name: o.question.replace('{n}', '3') }).getByLabel(o.promptEn)).toHaveValue('Will you come next year?');
  await context.close();
});

test('the demo fan’s form of the past friendly answers in every language at its translated path', async ({ page, signIn }) => {
  await signIn();
  const paths = { sk: '/sk/podujatia/dunaj-bratislava-slovan-liberec/hodnotenie', cs: '/cs/udalosti/dunaj-bratislava-slovan-liberec/hodnoceni', en: '/en/events/dunaj-bratislava-slovan-liberec/feedback' } as const;
  for (const locale of ['sk', 'cs', 'en'] as const) {
    const response = await page.goto(paths[locale]);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages[locale].feedback.title);
    await expect(page.getByRole('group', { name: messages[locale].feedback.ratingLegend })).toBeVisible();
    await expect(page.getByRole('group', { name: new RegExp(messages[locale].feedback.optional.replace(/[()]/g, '\\$&')) }).first()).toBeVisible();
  }
});
