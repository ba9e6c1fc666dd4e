// A gate's input reaches the database only in a form it can hold, and a sync of offline check-ins is one
// transaction (issue 13, item 9): values past an integer column or in year 0 are a translated 422, an
// event id that names no event is an invalid scan logged nowhere, and a sync that fails part-way leaves
// none of its check-ins behind.
import { eq, sql } from 'drizzle-orm';
import { POST as scan } from '@/tests/helpers/api';
import { POST as syncRoute } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import messages from '@/messages/en.json';
import { useTestDatabase } from '../helpers/db';
import { auth, currentCode, eventBySlug, giveTicket, makeScanner, params, request } from '../helpers/tickets';
import { log } from '@/lib/server/ops/log';

const t = useTestDatabase({ seeded: true });
const EVENT = 'luka-fest-warm-up';

beforeAll(async () => {
  // The gate works now: doors open, the event under way (whatever window a scan must fall in).
  const now = Date.now();
  await t.db
    .update(s.events)
    .set({ doorsAt: new Date(now - 2 * 3_600_000), startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 3_600_000) })
    .where(eq(s.events.slug, EVENT));
});

const status = async (id: string) => (await t.db.select({ status: s.tickets.status }).from(s.tickets).where(eq(s.tickets.id, id)))[0].status;
const logLines = async () => (await t.db.select({ id: s.scanLog.id }).from(s.scanLog)).length;

function sync(scanner: { token: string }, body: unknown) {
  return syncRoute(request('/api/v1/scan/sync', { method: 'POST', headers: auth(scanner), body }), params({}));
}

/** Check-ins made now, each with the code the gate scanned. */
function checkInsOf(given: { ticket: { id: string } }[]) {
  const at = Date.now();
  return Promise.all(given.map(async (x) => ({ ticketId: x.ticket.id, version: 1, scannedAt: new Date(at).toISOString(), payload: await currentCode(t.db, x.ticket.id, at) })));
}

describe('offline sync', () => {
  it.each([
    ['a version past 2³¹ − 1', { version: 2 ** 31 }, messages.errors.invalidInput],
    ['a scan in year 0', { scannedAt: '0000-01-01T00:00:00Z' }, messages.validation.dateInvalid],
    ['a scan past year 9999 in UTC', { scannedAt: '9999-12-31T23:59:59-05:00' }, messages.validation.dateInvalid],
  ])('answers %s with a translated 422 and changes nothing', async (_name, change, message) => {
    const scanner = await makeScanner(t.db, EVENT);
    const { ticket, event } = await giveTicket(t.db, scanner.id, EVENT);
    const before = await logLines();
    const response = await sync(scanner, { eventId: event.id, checkIns: [{ ticketId: ticket.id, version: 1, scannedAt: new Date().toISOString(), ...change }] });
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(message);
    expect(await status(ticket.id)).toBe('valid');
    expect(await logLines()).toBe(before);
  });

  it('is one transaction: when one check-in fails, the ones before it are not kept', async () => {
    const scanner = await makeScanner(t.db, EVENT);
    const first = await giveTicket(t.db, scanner.id, EVENT);
    const second = await giveTicket(t.db, scanner.id, EVENT);
    // The database fails the second check-in's log line, as a lost connection or a full disk would.
    await t.db.execute(
      sql.raw(`create function fail_second_check_in() returns trigger language plpgsql as $$
        begin if new.ticket_id = '${second.ticket.id}' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await t.db.execute(sql.raw('create trigger fail_second_check_in before insert on scan_log for each row execute function fail_second_check_in()'));
    const before = await logLines();
    try {
      const errors = jest.spyOn(log(), 'error').mockImplementation(() => {});
      const response = await sync(scanner, { eventId: first.event.id, checkIns: await checkInsOf([first, second]) });
      errors.mockRestore();
      expect(response.status).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_second_check_in on scan_log'));
      await t.db.execute(sql.raw('drop function fail_second_check_in()'));
    }
    expect(await status(first.ticket.id)).toBe('valid');
    expect(await status(second.ticket.id)).toBe('valid');
    expect(await logLines()).toBe(before);

    // sent again once the database is well, both are admitted
    const again = await sync(scanner, { eventId: first.event.id, checkIns: await checkInsOf([first, second]) });
    expect((await again.json()).results.map((r: { result: string }) => r.result)).toEqual(['admitted', 'admitted']);
  });
});

describe('online scan', () => {
  it('takes an event id that names no event as an invalid scan, logged nowhere', async () => {
    const scanner = await makeScanner(t.db, EVENT);
    const before = await logLines();
    const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(scanner), body: { payload: 'not a code', eventId: '2f0c1a47-6b7e-4c55-9a55-5d5b7f0f0c11' } }), params({}));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: 'invalid' });
    expect(await logLines()).toBe(before);
  });

  it.each([
    ['a NUL in the gate', { gate: 'A\u0000' }],
    ['a NUL in the code', { payload: 'TRB1.\u0000' }],
  ])('answers %s with a translated 422', async (_name, change) => {
    const scanner = await makeScanner(t.db, EVENT);
    const event = await eventBySlug(t.db, EVENT);
    const before = await logLines();
    const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(scanner), body: { payload: 'not a code', eventId: event.id, ...change } }), params({}));
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe(messages.errors.invalidInput);
    expect(await logLines()).toBe(before);
  });

  it('still takes a code a hand scanner ends with a line break', async () => {
    const scanner = await makeScanner(t.db, EVENT);
    const response = await scan(request('/api/v1/scan', { method: 'POST', headers: auth(scanner), body: { payload: 'not a code\r\n' } }), params({}));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: 'invalid' });
  });
});
