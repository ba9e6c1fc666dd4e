import { spawn } from 'node:child_process';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import postgres from 'postgres';
import { e2eDatabase } from '../../scripts/e2e-pg-database.mjs';
import { DEMO_PASSWORD, demo } from '../fixtures';

// Two production servers on one PostgreSQL database (playwright.pg.config.ts): a change made through
// one is what the other answers on its very next request — its event data, its public page, its
// availability — though each keeps copies in memory.

const port = Number(process.env.E2E_PORT || 3200);
// The two servers themselves, not nginx in front of them on E2E_PORT (scripts/e2e-pg-server.mjs).
const serverA = `http://127.0.0.1:${port + 1}`;
const serverB = `http://127.0.0.1:${port + 2}`;
// A seated event no other journey of this run touches.
const EVENT = 'dunaj-bratislava-msk-zilina';

let a: APIRequestContext;
let b: APIRequestContext;

test.beforeAll(async () => {
  a = await playwrightRequest.newContext({ baseURL: serverA });
  b = await playwrightRequest.newContext({ baseURL: serverB });
});
test.afterAll(async () => {
  await a.dispose();
  await b.dispose();
});

type Availability = { takenSeatIds: string[]; ticketTypes: { id: string; available: number }[] };
async function availability(server: APIRequestContext): Promise<Availability> {
  const response = await server.get(`/api/v1/events/${EVENT}/availability`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** The signed-out event page as a browser gets it (gzip accepted: the page cache's key includes that). */
async function eventPage(server: APIRequestContext): Promise<{ html: string; cache: string | undefined }> {
  const response = await server.get(`/sk/podujatia/${EVENT}`, { headers: { 'accept-encoding': 'gzip' } });
  expect(response.status()).toBe(200);
  return { html: await response.text(), cache: response.headers()['x-tribuna-cache'] };
}

test('a seat held through one server is taken on the other at its next answer, and free again once released', async () => {
  const signIn = await a.post('/api/v1/auth/signin', { data: { email: demo.fan, password: DEMO_PASSWORD } });
  expect(signIn.status()).toBe(200);
  const auth = { Authorization: `Bearer ${(await signIn.json()).token}` };

  const detail = await (await b.get(`/api/v1/events/${EVENT}?include=seats`)).json();
  const before = await availability(b);
  const seat = (detail.layout.sections as { rows: { seats: { id: string }[] }[] }[])
    .flatMap((section) => section.rows.flatMap((row) => row.seats.map((s) => s.id)))
    .find((id) => !before.takenSeatIds.includes(id))!;
  // Both servers have just answered: whatever either keeps in memory is warm.
  await availability(a);
  await availability(b);

  const held = await a.post(`/api/v1/events/${EVENT}/cart/items`, { data: { seatIds: [seat] }, headers: auth });
  expect(held.status(), await held.text()).toBe(200);
  expect((await availability(b)).takenSeatIds).toContain(seat);

  const cart = await held.json();
  const item = (cart.items as { id: string; seatId?: string | null }[])[0];
  const released = await a.delete(`/api/v1/events/${EVENT}/cart/items/${item.id}`, { headers: auth });
  expect(released.status(), await released.text()).toBe(200);
  expect((await availability(b)).takenSeatIds).not.toContain(seat);
});

/**
 * eventChanged() from a third process on the same database, as an operator who changed an event by hand runs it.
 * Waited for without blocking: a blocked worker would keep its idle keep-alive sockets past the servers'
 * 5 s keep-alive timeout, and its next request would go out on a socket the server had closed (ECONNRESET).
 */
async function eventChanged(databaseUrl: string, eventId: string) {
  const child = spawn('npx', ['tsx', 'scripts/event-changed.ts', eventId], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  expect(code, stderr).toBe(0);
}

test('an event changed anywhere (eventChanged on the same database) shows on both servers’ API and public page at once', async () => {
  const database = e2eDatabase(port);
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });

  const original = await (await b.get(`/api/v1/events/${EVENT}`, { headers: { 'accept-language': 'sk' } })).json();
  const category = original.ticketTypes[0];
  const newTitle = `Zmenený zápas ${Date.now().toString(36)}`;
  const newPrice = category.price.amount + 100;
  try {
    // Warm every copy: the API's cached catalogue and the page cache of both servers (the second read is the shared copy).
    for (const server of [a, b]) {
      await server.get(`/api/v1/events/${EVENT}`);
      await eventPage(server);
      expect((await eventPage(server)).cache).toBe('HIT');
    }

    await sql`update events set title = jsonb_set(title, '{sk}', to_jsonb(${newTitle}::text)), updated_at = now() where slug = ${EVENT}`;
    await sql`update ticket_types set price_amount = ${newPrice} where id = ${category.id}`;
    await eventChanged(database.url, original.uuid);

    for (const server of [b, a]) {
      const event = await (await server.get(`/api/v1/events/${EVENT}`, { headers: { 'accept-language': 'sk' } })).json();
      expect(event.title).toBe(newTitle);
      expect(event.ticketTypes.find((t: { id: string }) => t.id === category.id).price.amount).toBe(newPrice);
      const page = await eventPage(server);
      expect(page.cache).not.toBe('HIT');
      expect(page.html).toContain(newTitle);
    }
  } finally {
    await sql`update events set title = jsonb_set(title, '{sk}', to_jsonb(${original.title}::text)) where slug = ${EVENT}`;
    await sql`update ticket_types set price_amount = ${category.price.amount} where id = ${category.id}`;
    await eventChanged(database.url, original.uuid);
    await sql.end();
  }
});
