// The ticket office's smaller rules (issue 31 item 8): a concession is never dearer than full price; a
// played event is read-only (its details, prices, concessions, named-ticket rule and seats); a cancellation shows what it will do (reconciled here in SQL with the
// orders) and carries the office's message into the holders' mail; a new category takes the next colour;
// another organiser's event at a shared venue is not linked.
import { and, eq, sql } from 'drizzle-orm';
import { GET as previewGet } from '@/tests/helpers/api';
import { POST as cancelPost } from '@/tests/helpers/api';
import { PATCH as eventPatch } from '@/tests/helpers/api';
import { POST as categoryPost } from '@/tests/helpers/api';
import { PUT as concessionsPut } from '@/tests/helpers/api';
import { PUT as namedPut } from '@/tests/helpers/api';
import { POST as blocksPost } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db';
import * as s from '@/lib/server/db/schema';
import { finishCancellation } from '@/lib/server/events/cancel';
import { getVenue } from '@/lib/server/venues/venues';
import { sendAnnouncement } from '@/lib/server/notifications/announcements';
import { sendDueNotifications } from '@/lib/server/notifications/sender';
import { CATEGORY_PALETTE } from '@/lib/organiser/category-colors';
import { useTestDatabase } from '../helpers/db';
import { makeCast, makeOrganisation, type Cast } from '../helpers/organiser';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { auth, eventBySlug, makeUser, params, request } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const PLAYED = 'dunaj-bratislava-slovan-liberec';
const KOSICE = 'dunaj-bratislava-fc-kosice';
let cast: Cast;

beforeAll(async () => {
  cast = await makeCast(t.db, (await eventBySlug(t.db, KOSICE)).orgId);
}, 180_000);

const editor = () => auth(cast.manager, { 'accept-language': 'sk' });

describe('concession prices', () => {
  it('refuses a concession above the category’s full price with a translated 422, and takes one at or below it', async () => {
    const event = await eventBySlug(t.db, KOSICE);
    const [category] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).limit(1);
    const put = (priceAmount: number) =>
      concessionsPut(
        request(`/api/v1/organiser/events/${event.id}/price-categories/${category.id}/concessions`, {
          method: 'PUT',
          headers: editor(),
          body: { concessions: [{ kind: 'child', priceAmount, companion: false, resaleAllowed: false }] },
        }),
        params({ eventId: event.id, categoryId: category.id }),
      );
    const refused = await put(category.priceAmount + 1);
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.code).toBe('CONCESSION_ABOVE_FULL_PRICE');
    expect(body.message).toBe('Zvýhodnená cena nemôže byť vyššia ako plná cena kategórie.');
    const [{ n }] = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from ticket_type_concessions where ticket_type_id = ${category.id} and price_amount > ${category.priceAmount}`));
    expect(Number(n)).toBe(0);
    expect((await put(category.priceAmount)).status).toBe(200);
    expect((await put(Math.floor(category.priceAmount / 2))).status).toBe(200);
  });
});

describe('a played event', () => {
  it('refuses edits, new categories, cancelling and its preview with a translated 409', async () => {
    const event = await eventBySlug(t.db, PLAYED);
    const patch = await eventPatch(request(`/api/v1/organiser/events/${event.id}`, { method: 'PATCH', headers: editor(), body: { title: { sk: 'Iný názov' } } }), params({ eventId: event.id }));
    expect(patch.status).toBe(409);
    expect(await patch.json()).toMatchObject({ code: 'EVENT_PLAYED', message: 'Podujatie sa už odohralo: nedá sa upraviť, stiahnuť z predaja ani zrušiť.' });
    const category = await categoryPost(
      request(`/api/v1/organiser/events/${event.id}/price-categories`, { method: 'POST', headers: editor(), body: { name: { sk: 'Nová' }, kind: 'standing', priceAmount: 500, capacity: 3 } }),
      params({ eventId: event.id }),
    );
    expect(category.status).toBe(409);
    const cancel = await cancelPost(request(`/api/v1/organiser/events/${event.id}/cancel`, { method: 'POST', headers: editor(), body: {} }), params({ eventId: event.id }));
    expect(cancel.status).toBe(409);
    expect((await cancel.json()).code).toBe('EVENT_PLAYED');
    expect((await previewGet(request(`/api/v1/organiser/events/${event.id}/cancel-preview`, { headers: editor() }), params({ eventId: event.id }))).status).toBe(409);
    const [after] = await t.db.select().from(s.events).where(eq(s.events.id, event.id));
    expect(after.status).not.toBe('cancelled');
    expect(after.title.sk).not.toBe('Iný názov');
  });

  it('keeps its concession prices, named-ticket rule and seats as its match day left them (translated 409)', async () => {
    const event = await eventBySlug(t.db, PLAYED);
    const played = { code: 'EVENT_PLAYED', message: 'Podujatie sa už odohralo: nedá sa upraviť, stiahnuť z predaja ani zrušiť.' };
    const [category] = await t.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id)).limit(1);
    const concessionsBefore = await t.db.select().from(s.ticketTypeConcessions).where(eq(s.ticketTypeConcessions.ticketTypeId, category.id));
    const concessions = await concessionsPut(
      request(`/api/v1/organiser/events/${event.id}/price-categories/${category.id}/concessions`, {
        method: 'PUT',
        headers: editor(),
        body: { concessions: [{ kind: 'child', priceAmount: 1, companion: false, resaleAllowed: false }] },
      }),
      params({ eventId: event.id, categoryId: category.id }),
    );
    expect(concessions.status).toBe(409);
    expect(await concessions.json()).toMatchObject(played);
    expect(await t.db.select().from(s.ticketTypeConcessions).where(eq(s.ticketTypeConcessions.ticketTypeId, category.id))).toEqual(concessionsBefore);

    const named = await namedPut(
      request(`/api/v1/organiser/events/${event.id}/named-tickets`, { method: 'PUT', headers: editor(), body: { namedTickets: true, sectionIds: [] } }),
      params({ eventId: event.id }),
    );
    expect(named.status).toBe(409);
    expect(await named.json()).toMatchObject(played);
    const [after] = await t.db.select({ namedTickets: s.events.namedTickets }).from(s.events).where(eq(s.events.id, event.id));
    expect(after.namedTickets).toBe(event.namedTickets);

    const [free] = await t.db
      .select({ seatId: s.inventoryUnits.seatId })
      .from(s.inventoryUnits)
      .where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.status, 'available'), sql`${s.inventoryUnits.seatId} is not null`))
      .limit(1);
    const blocks = await blocksPost(
      request(`/api/v1/organiser/events/${event.id}/seat-blocks`, { method: 'POST', headers: editor(), body: { seatIds: [free.seatId], action: 'block' } }),
      params({ eventId: event.id }),
    );
    expect(blocks.status).toBe(409);
    expect(await blocks.json()).toMatchObject(played);
    const [unit] = await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, event.id), eq(s.inventoryUnits.seatId, free.seatId!)));
    expect(unit.status).toBe('available');
  });
});

describe('cancelling', () => {
  it('previews the orders, tickets and amount as the orders say, then mails each buyer the office’s message', async () => {
    const event = await eventBySlug(t.db, KOSICE);
    const buyers = [await makeUser(t.db, 'cancel-a'), await makeUser(t.db, 'cancel-b')];
    await buy(t.db, buyers[0], KOSICE, { seatIds: await freeSeatsOf(t.db, KOSICE, 2, 120) });
    await buy(t.db, buyers[1], KOSICE, { seatIds: await freeSeatsOf(t.db, KOSICE, 1, 130) });
    const response = await previewGet(request(`/api/v1/organiser/events/${event.id}/cancel-preview`, { headers: editor() }), params({ eventId: event.id }));
    expect(response.status).toBe(200);
    const preview = await response.json();
    // Reconciled with the orders, counted independently in SQL.
    const [expected] = rowsOf<{ orders: number; amount: number; tickets: number }>(
      await t.db.execute(sql`
        select count(distinct o.id)::int as orders, coalesce(sum(sh.total_amount), 0)::int as amount,
          (select count(*)::int from tickets where event_id = ${event.id} and status <> 'void') as tickets
        from orders o join order_shares sh on sh.order_id = o.id
        where sh.event_id = ${event.id} and o.status = 'paid' and sh.refunded_at is null`),
    );
    expect(preview.orders).toBe(Number(expected.orders));
    expect(preview.orders).toBeGreaterThanOrEqual(2);
    expect(preview.tickets).toBe(Number(expected.tickets));
    expect(preview.refund).toEqual([{ amount: Number(expected.amount), currency: 'EUR' }]);

    const message = 'Štadión je po búrke zatvorený. Ďakujeme za pochopenie.';
    const cancelled = await cancelPost(request(`/api/v1/organiser/events/${event.id}/cancel`, { method: 'POST', headers: editor(), body: { message } }), params({ eventId: event.id }));
    expect(cancelled.status).toBe(200);
    await finishCancellation(event.id);
    // What was previewed is what went back.
    const [refunded] = rowsOf<{ orders: number; amount: number }>(
      await t.db.execute(sql`select count(*)::int as orders, coalesce(sum(refunded_amount + credited_amount), 0)::int as amount from order_shares where event_id = ${event.id} and refunded_at is not null`),
    );
    expect(Number(refunded.orders)).toBe(preview.orders);
    expect(Number(refunded.amount)).toBe(preview.refund[0].amount);
    for (const buyer of buyers) {
      const mails = await t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, buyer.email), eq(s.emailOutbox.kind, 'event-cancelled-refund')));
      expect(mails).toHaveLength(1);
      expect(mails[0].textBody).toContain(message);
      expect(mails[0].textBody).toMatch(/FK Dunaj Bratislava/);
    }
  });

  it('refuses a message longer than 1,000 characters (translated 422)', async () => {
    const event = await eventBySlug(t.db, 'dunaj-bratislava-msk-zilina');
    const answer = await cancelPost(request(`/api/v1/organiser/events/${event.id}/cancel`, { method: 'POST', headers: editor(), body: { message: 'x'.repeat(1001) } }), params({ eventId: event.id }));
    expect(answer.status).toBe(422);
    expect((await answer.json()).errors[0].message).toBe('Správa môže mať najviac 1 000 znakov.');
  });
});

describe('new price categories', () => {
  it('take the palette’s next unused colour, not the same blue', async () => {
    const event = await eventBySlug(t.db, 'dunaj-bratislava-msk-zilina');
    const add = async (name: string) => {
      const answer = await categoryPost(
        request(`/api/v1/organiser/events/${event.id}/price-categories`, { method: 'POST', headers: editor(), body: { name: { sk: name }, kind: 'standing', priceAmount: 500, capacity: 2 } }),
        params({ eventId: event.id }),
      );
      expect(answer.status).toBe(201);
      return (await answer.json()).category.color as string;
    };
    const first = await add('Sektor X');
    const second = await add('Sektor Y');
    expect(CATEGORY_PALETTE).toContain(first);
    expect(second).not.toBe(first);
    const colours = (await t.db.select({ color: s.ticketTypes.color }).from(s.ticketTypes).where(eq(s.ticketTypes.eventId, event.id))).map((r) => r.color);
    expect(new Set(colours).size).toBe(colours.length);
  });
});

describe('a shared venue', () => {
  it('lists another organiser’s event there without a link (mine: false)', async () => {
    const event = await eventBySlug(t.db, KOSICE);
    const other = await makeOrganisation(t.db, 'guest-club');
    await t.db.insert(s.events).values({ ...(await t.db.select().from(s.events).where(eq(s.events.id, event.id)))[0], id: undefined, orgId: other.id, slug: 'guest-match', status: 'draft' } as never);
    const venue = await getVenue(cast.manager.id, event.venueId);
    if (!venue.ok) throw new Error(venue.code);
    const list = venue.venue.eventList;
    expect(list.find((e) => e.slug === 'guest-match')!.mine).toBe(false);
    const ours = new Set((await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.orgId, event.orgId))).map((e) => e.id));
    for (const listed of list) expect(listed.mine).toBe(ours.has(listed.id));
    expect(list.some((e) => e.mine)).toBe(true);
  });
});

describe('announcements', () => {
  it('are signed with the organisation’s name in each holder’s language, not by Tribuna’s team', async () => {
    const slug = 'dunaj-bratislava-msk-zilina';
    const event = await eventBySlug(t.db, slug);
    const fan = await makeUser(t.db, 'announced');
    await t.db.update(s.users).set({ locale: 'cs' }).where(eq(s.users.id, fan.id));
    await buy(t.db, fan, slug, { seatIds: await freeSeatsOf(t.db, slug, 1, 150) });
    const sent = await sendAnnouncement(cast.manager, event.id, { message: { sk: 'Brány sa otvoria o 18:00.', cs: 'Brány se otevřou v 18:00.', en: 'Gates open at 18:00.' } });
    expect(sent.ok).toBe(true);
    while ((await sendDueNotifications()).length);
    const [mail] = await t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, fan.email), eq(s.emailOutbox.kind, 'notification-announcement')));
    expect(mail.textBody).toContain('Brány se otevřou v 18:00.');
    const [org] = await t.db.select({ name: s.organisations.name }).from(s.organisations).where(eq(s.organisations.id, event.orgId));
    expect(mail.textBody).toContain(`\n${org.name}\n`);
    expect(mail.textBody).not.toContain('Tým Tribuny');
    expect(mail.textBody).not.toContain('Tím Tribuny');
  });
});
