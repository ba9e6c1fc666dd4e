// The console's forms that React renders on the server take no input before the page's scripts listen: a
// value changed in the server's HTML would be undone when React hydrates, and the ticket office would save
// what it never typed (or nothing). Their fields wait, disabled, then keep what is typed. Read-only: nothing
// is saved, so the demo's match is shared with the other journeys.
import type { Page } from '@playwright/test';
import { expect, holdScripts, messages, signedInContext, test } from './fixtures';

const sk = messages.sk;
const MANAGER = 'manazer@pulzlive.sk';
const CONCERT = 'kovove-nebe-praha';

const forms = [
  {
    name: 'the waiting list’s offer minutes',
    path: (id: string) => `/sk/organizator/podujatia/${id}/dalsi-predaj`,
    field: (page: Page) => page.getByTestId('waiting-list-form').getByLabel(sk.waitingList.organiser.offerMinutes),
    submit: (page: Page) => page.getByTestId('waiting-list-form').getByRole('button', { name: sk.waitingList.organiser.save }),
    typed: '45',
  },
  {
    name: 'offering a concession',
    path: (id: string) => `/sk/organizator/podujatia/${id}/ceny`,
    field: (page: Page) => page.getByTestId('concession-form').first().getByRole('checkbox').first(),
    submit: (page: Page) => page.getByTestId('concession-form').first().getByRole('button', { name: sk.concessions.console.save }),
    typed: null,
  },
  {
    name: 'an announcement’s text',
    path: (id: string) => `/sk/organizator/podujatia/${id}/oznamenia`,
    field: (page: Page) => page.getByTestId('announcements').getByRole('textbox').first(),
    submit: null,
    typed: 'Brány sa otvárajú o 18:00.',
  },
];

for (const form of forms) {
  test(`the console’s form for ${form.name} waits for the page’s scripts, then keeps what is typed`, async ({ browser, baseURL }) => {
    const { context, page } = await signedInContext(browser, baseURL!, MANAGER);
    const events = await (await page.request.get('/api/v1/scan/events')).json();
    const concert = (events.events as { id: string; slug: string }[]).find((e) => e.slug === CONCERT)!;
    const release = await holdScripts(page);
    await page.goto(form.path(concert.id), { waitUntil: 'commit' });
    const field = form.field(page);
    await expect(field).toBeVisible();
    await expect(field).toBeDisabled();
    if (form.submit) await expect(form.submit(page)).toBeDisabled();
    release();
    await expect(field).toBeEnabled({ timeout: 30_000 });
    if (form.typed === null) {
      const was = await field.isChecked();
      await field.setChecked(!was);
      await expect(field).toBeChecked({ checked: !was });
    } else {
      await field.fill(form.typed);
      await expect(field).toHaveValue(form.typed);
    }
    await context.close();
  });
}
