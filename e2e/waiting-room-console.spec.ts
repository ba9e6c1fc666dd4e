// The organiser's waiting-room screen (issue 34): the Dunaj manager queues the sale of a new draft of the
// club, with a rate, a presale for season holders and loyalty members, sees a wrong rate refused at its
// field, makes 3 presale codes (shown once) with the keyboard, sees the queue's figures and stops queuing. Desktop, Slovak.
import type { APIResponse } from '@playwright/test';
import { demo, expect, messages, test, xsrfHeaders } from './fixtures';
import { noSeriousViolations } from './axe';

const sk = messages.sk;
const t = sk.queue.organiser;

test('a club manager queues a sale, sets its presale, makes presale codes shown once and stops queuing', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(demo.dunajManager);
  const headers = { ...(await xsrfHeaders(page)), 'content-type': 'application/json' };
  const ok = async (response: APIResponse, status = 200) => {
    expect(response.status(), await response.text()).toBe(status);
    return response.json();
  };
  const { organisations } = await ok(await page.request.get('/api/v1/organiser/organisations'));
  // The manager belongs to FK Dunaj only.
  const organisation = organisations[0].id as string;
  const { venues } = await ok(await page.request.get(`/api/v1/organiser/venues?organisation=${organisation}`));
  const title = `Zápas s radom ${Date.now().toString(36)}`;
  const { event } = await ok(
    await page.request.post('/api/v1/organiser/events', {
      headers,
      data: { organisation, venueId: venues[0].id, category: 'sport', title: { sk: title }, startsAt: new Date(Date.now() + 40 * 86_400_000).toISOString(), currency: 'EUR' },
    }),
    201,
  );

  await page.goto(`/sk/organizator/podujatia/${event.id}/cakaren`);
  await expect(page.getByRole('heading', { level: 2, name: t.title })).toBeVisible();
  await expect(page.getByRole('link', { name: t.tab })).toHaveAttribute('aria-current', 'page');
  const state = page.getByTestId('waiting-room-state');
  await expect(state.getByRole('heading', { name: t.off, exact: true })).toBeVisible();
  const form = page.getByTestId('waiting-room-form');
  // The automatic default rate is shown with the field.
  await expect(form.getByText(/teraz \d+ za minútu/)).toBeVisible();
  await noSeriousViolations(page, { include: 'main' });

  // A rate out of range: the API's translated message at the field, nothing queued.
  await form.getByLabel(t.ratePerMinute).fill('0');
  await form.getByRole('button', { name: t.queue }).click();
  await expect(form.getByText(sk.queue.errors.rateInvalid)).toBeVisible();
  await expect(form.getByLabel(t.ratePerMinute)).toHaveAttribute('aria-invalid', 'true');
  await expect(state.getByRole('heading', { name: t.off, exact: true })).toBeVisible();

  await form.getByLabel(t.ratePerMinute).fill('120');
  await form.getByLabel(t.admissionMinutes).fill('8');
  await form.getByLabel(t.presaleStartsAt).fill('2030-03-01T10:00');
  await form.getByRole('checkbox', { name: t.presaleSeasonHolders }).check();
  await form.getByLabel(t.presaleMinPoints).fill('500');
  await form.getByRole('button', { name: t.queue }).click();
  await expect(state.getByRole('heading', { name: t.on, exact: true })).toBeVisible();
  await expect(page.getByTestId('waiting-room-figures')).toContainText(t.waiting);
  const saved = await ok(await page.request.get(`/api/v1/organiser/events/${event.id}/waiting-room`));
  expect(saved.room).toMatchObject({ ratePerMinute: 120, admissionMinutes: 8, presaleSeasonHolders: true, presaleMinPoints: 500, presaleStartsAt: '2030-03-01T09:00:00.000Z' });

  // Three presale codes, with the keyboard: shown once, with a download.
  const codesForm = page.getByTestId('presale-codes-form');
  const count = codesForm.getByLabel(t.count);
  await count.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  const shown = page.getByTestId('presale-code');
  await expect(shown).toHaveCount(3);
  const codes = await shown.allTextContents();
  expect(new Set(codes).size).toBe(3);
  await expect(codesForm.getByRole('link', { name: t.download })).toHaveAttribute('href', new RegExp(encodeURIComponent(codes[0])));
  await noSeriousViolations(page, { include: 'main', afterToasts: true });

  // Shown once: after a reload only their number is left.
  await page.reload();
  await expect(page.getByTestId('presale-code')).toHaveCount(0);
  await expect(page.getByTestId('waiting-room-figures')).toContainText('3');
  expect((await ok(await page.request.get(`/api/v1/organiser/events/${event.id}/waiting-room`))).room.codes).toBe(3);

  // Stopping asks first; then holds need no admission any more.
  await page.getByRole('button', { name: t.stop }).click();
  const dialog = page.getByRole('dialog', { name: t.stopTitle });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.stopYes }).click();
  await expect(state.getByRole('heading', { name: t.off, exact: true })).toBeVisible();
  expect((await ok(await page.request.get(`/api/v1/organiser/events/${event.id}/waiting-room`))).room).toBeNull();
});
