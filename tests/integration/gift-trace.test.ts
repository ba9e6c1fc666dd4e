// Gifts leave a trace on both sides of Your tickets (GET /api/v1/tickets): the receiver's ticket names
// who gave it ("From Jana N."), the giver keeps a history line ("Gifted to Peter D.") — and the
// calendar file of an event (GET /api/v1/events/{id}/calendar.ics).
import { eq } from 'drizzle-orm';
import { GET as calendarRoute } from '@/tests/helpers/api';
import { GET as listTickets } from '@/tests/helpers/api';
import { POST as gift } from '@/tests/helpers/api';
import * as s from '@/lib/server/db/schema';
import { myTicketsSchema, type MyTickets } from '@/lib/schemas/tickets';
import { shortName } from '@/lib/server/tickets/gift-trace';
import { answerOf } from '../helpers/contract';
import { useTestDatabase } from '../helpers/db';
import { auth, giveTicket, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });


async function myTickets(user: { token: string }): Promise<MyTickets> {
  const response = await listTickets(request('/api/v1/tickets', { headers: auth(user) }), params({}));
  expect(response.status).toBe(200);
  return (await answerOf(myTicketsSchema, response)) as MyTickets;
}

async function named(user: { id: string }, firstName: string | null, lastName: string | null) {
  await t.db.update(s.users).set({ firstName, lastName }).where(eq(s.users.id, user.id));
}

async function giftTo(sender: { token: string }, ticketId: string, email: string) {
  const response = await gift(request(`/api/v1/tickets/${ticketId}/gift`, { method: 'POST', headers: auth(sender), body: { email } }), params({ id: ticketId }));
  expect(response.status).toBe(201);
}

describe('shortName', () => {
  it('is the first name and the initial of the last, diacritics kept', () => {
    expect(shortName('Jana', 'Nováková')).toBe('Jana N.');
    expect(shortName('Peter', 'Dvořák')).toBe('Peter D.');
    expect(shortName('Ľubo', 'Čierny')).toBe('Ľubo Č.');
    expect(shortName('Ema', 'šťastná')).toBe('Ema Š.');
    expect(shortName('  Eva ', '')).toBe('Eva');
    expect(shortName(null, null)).toBeNull();
  });
});

describe('gift traces', () => {
  it('the receiver sees who gave the ticket, the giver keeps a line of whom they gave it to', async () => {
    const jana = await makeUser(t.db, 'jana');
    const peter = await makeUser(t.db, 'peter');
    await named(jana, 'Jana', 'Nováková');
    await named(peter, 'Peter', 'Dvořák');
    const { ticket, event } = await giveTicket(t.db, jana.id, 'dunaj-bratislava-fc-kosice');
    const kept = await giveTicket(t.db, jana.id, 'dunaj-bratislava-fc-kosice');

    const before = await myTickets(jana);
    expect(before.gifted).toEqual([]);
    expect(before.tickets.every((x) => x.giftedFrom === null)).toBe(true);

    await giftTo(jana, ticket.id, peter.email);

    const giver = await myTickets(jana);
    expect(giver.tickets.map((x) => x.id)).toEqual([kept.ticket.id]);
    expect(giver.gifted).toHaveLength(1);
    expect(giver.gifted[0]).toMatchObject({ ticketId: ticket.id, to: { name: 'Peter D.' }, event: { id: event.id, slug: 'dunaj-bratislava-fc-kosice' } });
    expect(Date.parse(giver.gifted[0].giftedAt)).not.toBeNaN();
    // the line shows no secret of the ticket that is now someone else's
    expect(JSON.stringify(giver.gifted)).not.toMatch(/signingKey|secret/);

    const receiver = await myTickets(peter);
    const received = receiver.tickets.find((x) => x.id === ticket.id)!;
    expect(received.giftedFrom).toEqual({ name: 'Jana N.' });
    expect(receiver.gifted).toEqual([]);
  });

  it('a ticket passed on and given back shows the latest gift on each side, never twice', async () => {
    const a = await makeUser(t.db, 'first');
    const b = await makeUser(t.db, 'second');
    await named(a, 'Alena', 'Bieliková');
    await named(b, 'Boris', 'Černý');
    const { ticket } = await giveTicket(t.db, a.id, 'polarna-ziara-kosice');
    await giftTo(a, ticket.id, b.email);
    await giftTo(b, ticket.id, a.email);

    const alena = await myTickets(a);
    // back with Alena: it is her ticket again (from Boris), not a history line
    expect(alena.tickets.find((x) => x.id === ticket.id)?.giftedFrom).toEqual({ name: 'Boris Č.' });
    expect(alena.gifted.map((g) => g.ticketId)).not.toContain(ticket.id);
    const boris = await myTickets(b);
    expect(boris.tickets.find((x) => x.id === ticket.id)).toBeUndefined();
    expect(boris.gifted.filter((g) => g.ticketId === ticket.id)).toEqual([expect.objectContaining({ to: { name: 'Alena B.' } })]);
  });

  it('a removed account is named by no one', async () => {
    const giver = await makeUser(t.db, 'giver');
    const gone = await makeUser(t.db, 'gone');
    const { ticket } = await giveTicket(t.db, giver.id, 'dunaj-bratislava-fc-kosice');
    await giftTo(giver, ticket.id, gone.email);
    await t.db.update(s.users).set({ firstName: null, lastName: null, email: null, removedAt: new Date() }).where(eq(s.users.id, gone.id));
    expect((await myTickets(giver)).gifted[0]).toMatchObject({ ticketId: ticket.id, to: { name: null } });
  });
});

describe('GET /api/v1/events/{id}/calendar.ics', () => {
  it('answers the event’s calendar file in the asked language, with its start in UTC', async () => {
    const [event] = await t.db.select().from(s.events).where(eq(s.events.slug, 'dunaj-bratislava-fc-kosice'));
    const response = await calendarRoute(request('/api/v1/events/dunaj-bratislava-fc-kosice/calendar.ics?lang=cs'), params({ id: 'dunaj-bratislava-fc-kosice' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="dunaj-bratislava-fc-kosice.ics"');
    const body = (await response.text()).replace(/\r\n[ \t]/g, '');
    const stamp = event.startsAt.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(body).toContain(`\r\nDTSTART:${stamp}\r\n`);
    expect(body).toContain(`\r\nSUMMARY:${event.title.cs}\r\n`);
    expect(body).toContain('/cs/udalosti/dunaj-bratislava-fc-kosice');
  });

  it('answers 404 for an unknown event and 422 for an unknown language', async () => {
    expect((await calendarRoute(request('/api/v1/events/no-such-event/calendar.ics'), params({ id: 'no-such-event' }))).status).toBe(404);
    expect((await calendarRoute(request('/api/v1/events/dunaj-bratislava-fc-kosice/calendar.ics?lang=de'), params({ id: 'dunaj-bratislava-fc-kosice' }))).status).toBe(422);
  });
});
