// A club draws its stadium in the console's visual editor, in Slovak: a block added, dragged, moved with
// the arrow keys and turned (handle and keys), a pitch from its preset, a look at the fans' seat map of
// the unsaved plan, then saved; a match there is published and a fan buys a seat of that block from the
// fan's map. A second pass does the drawing with the keyboard only (a shape point by point included).
// axe: nothing serious on the editor, desktop and phone. FK Dunaj's own new venues: no other spec reads them.
import type { Browser, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { noSeriousViolations } from './axe';
import { expect, messages, payOnGateway, seatMapReady, test, uniqueEmail, xsrfHeaders } from './fixtures';

const sk = messages.sk;
const o = sk.organiser;
const e = o.venues.editor;
const OWNER = 'klub@fkdunaj.sk';
const shown = (locator: Locator) => locator.filter({ visible: true });

type Layout = { outline: { kind: string; points?: number[][]; label?: { sk: string } }[]; sections: { code: string; rows: { label: string; seats: { label: string; x: number; y: number }[] }[] }[] };

async function layoutOf(page: Page, venueId: string): Promise<Layout> {
  const response = await page.request.get(`/api/v1/organiser/venues/${venueId}`);
  expect(response.status()).toBe(200);
  return (await response.json()).layout;
}

async function organisationOf(page: Page): Promise<string> {
  const { organisations } = await (await page.request.get('/api/v1/organiser/organisations')).json();
  return organisations.find((org: { name: string }) => /Dunaj/.test(org.name))?.id ?? organisations[0].id;
}

async function addBlock(page: Page, code: string, name: string, rows: number, seats: number) {
  const form = page.getByRole('form', { name: e.addTitle });
  await form.getByLabel(o.venues.section.code).fill(code);
  await form.getByLabel(o.venues.section.nameSk).fill(name);
  await form.getByLabel(o.venues.section.nameCs).fill(name);
  await form.getByLabel(o.venues.section.nameEn).fill(name);
  await form.getByLabel(o.venues.section.rows, { exact: true }).fill(String(rows));
  await form.getByLabel(o.venues.section.seatsPerRow).fill(String(seats));
  await form.getByLabel(o.venues.section.seatsPerRow).press('Enter');
  await expect(page.locator(`[data-block="${code}"] circle`)).toHaveCount(rows * seats);
  // The new block has the focus: the arrow keys move it at once.
  await expect(page.locator(`[data-block="${code}"]`)).toBeFocused();
}

/** Drags from the middle of `from` by (dx, dy) CSS px, in small steps, as a hand does. */
async function drag(page: Page, from: Locator, dx: number, dy: number) {
  await from.scrollIntoViewIfNeeded();
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

const selectedPanel = (page: Page) => page.getByRole('region', { name: e.selectedTitle });
const angleText = (angle: number) => new RegExp(`otočený o ${angle}°`);
const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

async function newFan(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'sk-SK' });
  const page = await context.newPage();
  const email = uniqueEmail('editor');
  const response = await page.request.post('/api/v1/auth/signup', {
    data: { firstName: 'Peter', lastName: 'Fanúšik', sex: 'male', dateOfBirth: '1990-03-03', email, password: 'correct-horse-1', confirmPassword: 'correct-horse-1' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { context, page };
}

test('a club draws its stadium with the editor, publishes a match there and a fan buys a seat of the drawn block on the fan’s map', async ({ page, browser, baseURL, signIn }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const venueName = `Štadión kreslený ${stamp}`;
  const title = `Zápas na kreslenom štadióne ${stamp}`;
  await signIn(OWNER);

  await page.goto('/sk/organizator/miesta-konania/nove');
  await page.getByLabel(o.venues.form.name).fill(venueName);
  await page.getByLabel(o.venues.form.address).fill('Športová 1');
  await page.getByLabel(o.venues.form.city).fill('Senec');
  await page.getByRole('button', { name: o.venues.form.create }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(venueName);
  const venueId = page.url().split('/').pop()!;
  await expect(page.getByText(e.helpTitle)).toBeVisible();

  // A block of 3 × 4 seats, put in the middle of the plan.
  await addBlock(page, 'V', 'Východ', 3, 4);
  const block = page.locator('[data-block="V"]');
  await expect(selectedPanel(page)).toContainText(/stred na 500, 350, otočený o 0°/);

  // Dragged up and left…
  const canvas = page.getByTestId('layout-preview');
  const scale = (await canvas.boundingBox())!.width / 1000;
  await drag(page, block, -200 * scale, -200 * scale);
  await expect(selectedPanel(page)).toContainText(/stred na 300, 150, otočený o 0°/);
  // …moved with the keys (one grid step, then five), and turned with the handle and the keys.
  await block.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(selectedPanel(page)).toContainText(/stred na 350, 160, otočený o 0°/);
  const handle = page.getByTestId('rotate-handle');
  const middle = (await block.locator('rect').first().boundingBox())!;
  const grip = (await handle.locator('rect').boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(middle.x + middle.width / 2 + 150, middle.y + middle.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(selectedPanel(page)).toContainText(angleText(90));
  await block.focus();
  await page.keyboard.press('BracketLeft');
  await expect(selectedPanel(page)).toContainText(angleText(75));

  // The pitch, from its preset, then a little lower by dragging it.
  await page.getByRole('button', { name: e.preset.football }).click();
  await expect(canvas.getByTestId('venue-outline')).toContainText('Ihrisko');
  await drag(page, page.locator('[data-shape="0"] > rect').first(), 0, 100 * scale);

  // The code is printed beside the seats, not over them.
  const label = (await canvas.locator('text[data-label="V"]').boundingBox())!;
  for (const seat of await block.locator('circle').all()) {
    const s = (await seat.boundingBox())!;
    expect(label.x + label.width <= s.x || s.x + s.width <= label.x || label.y + label.height <= s.y || s.y + s.height <= label.y).toBe(true);
  }

  // The fans' seat map of the unsaved plan.
  await page.getByRole('button', { name: e.previewToggle }).click();
  const fanMap = page.getByTestId('fan-preview').getByTestId('seat-map');
  await expect(fanMap.locator('circle[data-i]')).toHaveCount(12);
  await expect(fanMap.getByTestId('venue-outline')).toContainText('Ihrisko');
  await page.getByRole('button', { name: e.previewToggle }).click();
  await noSeriousViolations(page, { afterToasts: true });

  await page.getByRole('button', { name: e.save, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: e.upToDate })).toBeVisible();
  const saved = await layoutOf(page, venueId);
  expect(saved.outline).toHaveLength(1);
  expect(saved.outline[0].label?.sk).toBe('Ihrisko');
  const v = saved.sections.find((s) => s.code === 'V')!;
  const firstRow = v.rows[0].seats;
  expect(firstRow).toHaveLength(4);
  // Turned 75°: the first row runs mostly down the plan, not across it.
  expect(spread(firstRow.map((s) => s.y))).toBeGreaterThan(2 * spread(firstRow.map((s) => s.x)));

  // Phone: the editor passes axe there too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-block="V"] circle')).toHaveCount(12);
  await noSeriousViolations(page, { afterToasts: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // ── a match at the drawn stadium, published ──────────────────────────────────
  await page.goto('/sk/organizator/podujatia/nove');
  await page.getByRole('group', { name: o.events.languages.sk }).getByLabel(o.events.fields.title).fill(title);
  await page.getByLabel(o.events.fields.venue, { exact: true }).selectOption({ label: `${venueName}, Senec` });
  await page.getByLabel(o.events.fields.category, { exact: true }).selectOption({ label: o.events.categories.sport });
  await page.getByLabel(o.events.fields.startsAt, { exact: true }).fill('2027-08-01T18:00');
  await page.getByRole('button', { name: o.events.create }).click();
  await expect(page).toHaveURL(/\/sk\/organizator\/podujatia\/[0-9a-f-]{36}$/);
  await shown(page.getByRole('link', { name: o.eventTabs.prices })).click();
  const form = shown(page.getByRole('form', { name: o.prices.newCategory }));
  await form.getByLabel('Názov (SK)').fill('Východ');
  await form.getByLabel('Cena (EUR)').fill('12');
  await form.getByRole('checkbox', { name: /Východ/ }).check();
  await form.getByRole('button', { name: o.prices.add }).click();
  await expect(shown(page.getByRole('form', { name: 'Východ' })).getByText(/Predané 0 · v košíkoch 0 · miest 12/)).toBeVisible();
  await shown(page.getByRole('link', { name: o.eventTabs.images })).click();
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#15803d' } }).png().toBuffer();
  const upload = shown(page.getByRole('button', { name: o.images.upload.submit }));
  await expect(upload).toBeEnabled();
  await shown(page.getByLabel(o.images.upload.file, { exact: true })).setInputFiles({ name: 'plagat.png', mimeType: 'image/png', buffer: png });
  await upload.click();
  await expect(page.getByText(o.images.upload.done)).toBeVisible();
  await shown(page.getByRole('button', { name: o.eventActions.publish })).click();
  // Publishing asks first.
  await page.getByRole('dialog', { name: o.eventActions.confirm.publish.title }).getByRole('button', { name: o.eventActions.confirm.publish.yes }).click();
  await expect(shown(page.getByTestId('event-status'))).toHaveText(o.eventStatus.on_sale);

  // ── a fan buys a seat of the drawn block on the fan's map ─────────────────────
  const fan = await newFan(browser, baseURL!);
  await fan.page.goto(`/sk/podujatia?q=${encodeURIComponent(title)}`);
  await fan.page.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(fan.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const slug = new URL(fan.page.url()).pathname.split('/').pop()!;
  const map = await seatMapReady(fan.page, 'sk');
  await expect(map.locator('circle[data-i]')).toHaveCount(12);
  await expect(map.getByTestId('venue-outline')).toContainText('Ihrisko');
  await map.locator('circle[data-i="0"]').click();
  await fan.page.getByRole('button', { name: sk.event.buy }).click();
  await expect(fan.page).toHaveURL(new RegExp(`/sk/podujatia/${slug}/kosik`));
  await expect(fan.page.getByTestId('cart-item')).toContainText('Východ');
  await fan.page.goto(`/sk/podujatia/${slug}/pokladna`);
  await fan.page.getByRole('checkbox', { name: /podmienkami|podmínkami|terms and conditions/ }).check();
  await fan.page.getByRole('button', { name: /^Zaplatiť/ }).click();
  await expect(fan.page).toHaveURL(/\/sk\/platba\/[0-9a-f-]{36}$/);
  await payOnGateway(fan.page, sk.gateway.pay);
  const tickets = await (await fan.page.request.get('/api/v1/tickets', { headers: await xsrfHeaders(fan.page) })).json();
  expect(tickets.tickets.filter((t: { event: { slug: string } }) => t.event.slug === slug)).toHaveLength(1);
  await fan.context.close();

  // The sold block is locked against removal, and the editor says so.
  await page.goto(`/sk/organizator/miesta-konania/${venueId}`);
  // Focus selects a block once the editor is hydrated: focus again until it has.
  await expect(async () => {
    await page.locator('[data-block="V"]').focus();
    await expect(selectedPanel(page)).toContainText(/Blok V: 1 sedadlo je predané alebo v košíku/, { timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('button', { name: e.removeBlock.replace('{code}', 'V') })).toBeDisabled();
});

test('the editor by keyboard alone: blocks added, cycled with Tab, moved, turned, a shape drawn point by point, saved', async ({ page, signIn }) => {
  await signIn(OWNER);
  const created = await page.request.post('/api/v1/organiser/venues', {
    data: { organisation: await organisationOf(page), name: `Hala klávesnica ${Date.now().toString(36)}`, address: 'Hlavná 2', city: 'Pezinok', country: 'SK', mapWidth: 600, mapHeight: 400 },
    headers: await xsrfHeaders(page),
  });
  expect(created.status(), await created.text()).toBe(201);
  const venueId = (await created.json()).id;
  await page.goto(`/sk/organizator/miesta-konania/${venueId}`);

  await addBlock(page, 'F', 'Sever', 2, 3);
  await addBlock(page, 'G', 'Juh', 2, 3);
  // Tab goes from block to block.
  await page.locator('[data-block="F"]').focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-block="G"]')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.locator('[data-block="F"]')).toBeFocused();
  // F: five steps right (Shift), ten steps up, turned 15° twice.
  await page.keyboard.press('Shift+ArrowRight');
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('r');
  await page.keyboard.press('BracketRight');
  await expect(selectedPanel(page)).toContainText(/stred na 350, 100, otočený o 30°/);
  await expect(page.getByTestId('editor-said')).toHaveText('Blok F: stred na 350, 100, otočený o 30°.');

  // A stage drawn point by point: the cross moved with the arrows, Enter for each point, Ctrl+Enter to close.
  await page.getByRole('button', { name: e.drawShape }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('layout-preview')).toBeFocused();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('editor-said')).toHaveText(/3 bodmi/);
  await noSeriousViolations(page, { afterToasts: true });

  await page.getByRole('button', { name: e.save, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: e.upToDate })).toBeVisible();
  const saved = await layoutOf(page, venueId);
  expect(saved.sections.map((s) => s.code)).toEqual(['F', 'G']);
  expect(saved.outline).toEqual([{ kind: 'polygon', points: [[300, 150], [350, 150], [350, 200]] }]);
  const f = saved.sections[0].rows[0].seats;
  // Turned 30° clockwise: the first row runs down to the right.
  expect(f[2].y).toBeGreaterThan(f[0].y);
  expect(f[2].x).toBeGreaterThan(f[0].x);
});
