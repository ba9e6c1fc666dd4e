// Issue 31 items 5 and 6 in Czech, on a desktop and on a phone. A Prague club (HC Vltava, Czech + CZK)
// creates an event: the form starts in Czech and CZK, and only the Czech title is required. A text left empty
// in Czech is read in the organisation's language on the fan's page and follows its edits (never a stale
// copy); written in Czech, the page shows it. A season's new match made from its template shows its publish
// checklist (everything missing at once), is completed, previewed (members only, marked, not indexed) and
// published after confirming.
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { noSeriousViolations } from './axe';
import { DEMO_PASSWORD, expect, messages, seeded, test, xsrfHeaders } from './fixtures';

const cs = messages.cs;
const shown = (locator: Locator) => locator.filter({ visible: true });
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function ok(answer: { status(): number; text(): Promise<string>; json(): Promise<unknown> }) {
  expect(answer.status(), await answer.text()).toBeLessThan(300);
  return answer.json() as Promise<Record<string, never>>;
}

async function orgOf(page: Page) {
  const mine = (await ok(await page.request.get('/api/v1/organiser/organisations'))) as unknown as { organisations: { id: string }[] };
  return mine.organisations[0].id;
}

/** A standing category and an image: what the checklist asks of a bare draft. */
async function complete(page: Page, eventId: string) {
  const headers = await xsrfHeaders(page);
  await ok(await page.request.post(`/api/v1/organiser/events/${eventId}/price-categories`, { headers, data: { name: { cs: 'Stání' }, kind: 'standing', priceAmount: 25_000, capacity: 30 } }));
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0369a1' } }).png().toBuffer();
  await ok(await page.request.post(`/api/v1/organiser/events/${eventId}/images`, { headers, multipart: { file: { name: 'plakat.png', mimeType: 'image/png', buffer: png }, altSk: 'Plakát' } }));
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`in Czech on a ${device}`, () => {
    test.use({ viewport, locale: 'cs-CZ' });

    test('a Prague club creates an event in Czech and CZK; an empty language falls back and follows edits', async ({ page, signIn }) => {
      await signIn('klub@hcvltava.cz', DEMO_PASSWORD);
      await page.goto('/cs/poradatel/udalosti/nova');
      await expect(shown(page.getByLabel(cs.organiser.events.fields.currency))).toHaveValue('CZK');
      const czech = shown(page.getByRole('group', { name: cs.organiser.events.languages.cs }));
      await expect(czech.getByLabel(cs.organiser.events.fields.title)).toHaveAttribute('required', '');
      await expect(shown(page.getByRole('group', { name: cs.organiser.events.languages.sk })).getByLabel(cs.organiser.events.fields.title)).not.toHaveAttribute('required', '');
      await noSeriousViolations(page);
      const title = `Vltava – Kometa ${device} ${Date.now().toString(36)}`;
      await czech.getByLabel(cs.organiser.events.fields.title).fill(title);
      await shown(page.getByLabel(cs.organiser.events.fields.startsAt, { exact: true })).fill('2028-03-14T18:30');
      await shown(page.getByRole('button', { name: cs.organiser.events.create })).click();
      await page.waitForURL(/\/cs\/poradatel\/udalosti\/[0-9a-f-]{36}$/);
      const eventId = page.url().split('/').pop()!;
      const { event } = (await ok(await page.request.get(`/api/v1/organiser/events/${eventId}`))) as unknown as { event: { title: Record<string, string>; currency: string; slug: string } };
      expect(event.currency).toBe('CZK');
      expect(event.title).toEqual({ sk: '', cs: title, en: '' });

      // Published, the Slovak and English pages read the Czech title (the club's language).
      await complete(page, eventId);
      await ok(await page.request.post(`/api/v1/organiser/events/${eventId}/publish`, { headers: await xsrfHeaders(page) }));
      await page.goto(`/sk/podujatia/${event.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      // The Czech title edited: every language's page follows it (nothing was copied to go stale).
      await ok(await page.request.patch(`/api/v1/organiser/events/${eventId}`, { headers: await xsrfHeaders(page), data: { title: { cs: `${title} II` } } }));
      await page.goto(`/en/events/${event.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} II`);
      // Written in Slovak too, the Slovak page shows its own.
      await ok(await page.request.patch(`/api/v1/organiser/events/${eventId}`, { headers: await xsrfHeaders(page), data: { title: { cs: `${title} II`, sk: `${title} po slovensky` } } }));
      await page.goto(`/sk/podujatia/${event.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} po slovensky`);
    });

    test('a match from the season template: checklist completed, previewed, published after confirming', async ({ page, signIn }) => {
      await signIn('klub@fkdunaj.sk', DEMO_PASSWORD);
      const orgId = await orgOf(page);
      // A season of its own (the demo's seasons are counted by other journeys): a copy of the stadium match, in a new season there.
      const { events } = (await ok(await page.request.get(`/api/v1/organiser/events?organisation=${orgId}`))) as unknown as { events: { id: string; slug: string; venue: { id: string } }[] };
      const stadiumMatch = events.find((e) => e.slug === seeded.stadiumEvent)!;
      const label = `${device}-${Date.now().toString(36)}`;
      const created = (await ok(
        await page.request.post('/api/v1/organiser/seasons', {
          headers: await xsrfHeaders(page),
          data: {
            organisation: orgId,
            venueId: stadiumMatch.venue.id,
            currency: 'EUR',
            renewsSeasonId: null,
            name: { sk: `Sezóna ${label}`, cs: `Sezóna ${label}`, en: `Season ${label}` },
            saleOpensAt: null,
            saleClosesAt: null,
            renewalOpensAt: null,
            renewalClosesAt: null,
            transferEnabled: false,
            releaseSharePercent: 50,
          },
        }),
      )) as unknown as { season: { id: string } };
      const copy = (await ok(
        await page.request.post(`/api/v1/organiser/events/${stadiumMatch.id}/duplicate`, { headers: await xsrfHeaders(page), data: { startsAt: device === 'phone' ? '2028-04-02T17:00:00.000Z' : '2028-04-09T17:00:00.000Z' } }),
      )) as unknown as { event: { id: string } };
      await ok(await page.request.post(`/api/v1/organiser/seasons/${created.season.id}/matches`, { headers: await xsrfHeaders(page), data: { eventId: copy.event.id } }));
      const season = { id: created.season.id, matches: [{ id: copy.event.id }] };
      await page.goto(`/cs/poradatel/permanentky/${season.id}`);
      const panel = shown(page.getByTestId('season-template'));
      await panel.getByLabel(cs.seasons.template.choose).selectOption(season.matches[0].id);
      await panel.getByRole('button', { name: cs.seasons.template.save }).click();
      await expect(page.getByText(cs.seasons.template.saved)).toBeVisible();
      await noSeriousViolations(page, { include: '[data-testid="season-template"]' });
      const start = device === 'phone' ? '2028-05-02T19:00' : '2028-05-09T19:00';
      await panel.getByLabel(cs.seasons.template.startsAt).fill(start);
      await panel.getByRole('button', { name: cs.seasons.template.create }).click();
      await page.waitForURL(/\/cs\/poradatel\/udalosti\/[0-9a-f-]{36}$/);
      const eventId = page.url().split('/').pop()!;

      // The copy has the template's categories and image; its sale closed already is what is left to fix, shown with the rest at once.
      await ok(await page.request.patch(`/api/v1/organiser/events/${eventId}`, { headers: await xsrfHeaders(page), data: { saleStartsAt: inDays(-3), saleEndsAt: inDays(-1) } }));
      await page.reload();
      const checklist = shown(page.getByTestId('publish-checklist'));
      await expect(checklist.locator('[data-item="saleWindow"]')).toHaveAttribute('data-done', 'false');
      await expect(checklist.locator('[data-item="prices"]')).toHaveAttribute('data-done', 'true');
      await expect(checklist.locator('[data-item="image"]')).toHaveAttribute('data-done', 'true');
      await expect(checklist.getByText(cs.organiser.publish.missing.replace(/\{count.*\}\./, '').trim())).toBeVisible();
      await noSeriousViolations(page, { include: '[data-testid="publish-checklist"]' });
      // Publishing refuses and says what is missing.
      await shown(page.getByRole('button', { name: cs.organiser.eventActions.publish, exact: true })).click();
      await page.getByRole('dialog').getByRole('button', { name: cs.organiser.eventActions.confirm.publish.yes }).click();
      await expect(page.getByText(cs.organiser.publish.notReady).first()).toBeVisible();

      // Completed: the sale window cleared (sold from publishing until the start).
      await ok(await page.request.patch(`/api/v1/organiser/events/${eventId}`, { headers: await xsrfHeaders(page), data: { saleStartsAt: null, saleEndsAt: null } }));
      await page.reload();
      await expect(shown(page.getByTestId('publish-checklist')).getByText(cs.organiser.publish.ready)).toBeVisible();

      // The preview: the fan's page of the draft, marked, not indexed.
      await shown(page.getByRole('link', { name: cs.organiser.publish.preview })).click();
      await expect(shown(page.getByTestId('preview-banner'))).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(shown(page.getByRole('heading', { name: cs.event.description }))).toBeVisible();
      await noSeriousViolations(page);
      // Fans do not see the draft.
      const { event } = (await ok(await page.request.get(`/api/v1/organiser/events/${eventId}`))) as unknown as { event: { slug: string } };
      expect((await page.request.get(`/api/v1/events/${event.slug}`)).status()).toBe(404);

      // Published after confirming.
      await shown(page.getByRole('link', { name: cs.organiser.publish.backToEvent })).click();
      // On the event's page again before its button is pressed (a run once pressed at one the navigation hid).
      await page.waitForURL(new RegExp(`/cs/poradatel/udalosti/${eventId}$`));
      const publish = shown(page.getByRole('button', { name: cs.organiser.eventActions.publish, exact: true }));
      await expect(publish).toBeEnabled();
      await publish.click();
      const dialog = page.getByRole('dialog', { name: cs.organiser.eventActions.confirm.publish.title });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: cs.organiser.eventActions.confirm.publish.yes }).click();
      await expect(page.getByText(cs.organiser.eventActions.done.publish)).toBeVisible();
      expect((await page.request.get(`/api/v1/events/${event.slug}`)).status()).toBe(200);
    });
  });
}
