// The ticket office's season tools (issue 28 items 5–8), on the demo seed's winter season
// (seed/seasons.ts), which renews the spring one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { purchaseSeason, renewSeason, seasonSale } from '@/lib/server/seasons/sale';
import { seasonHolders, seasonHoldersExport } from '@/lib/server/seasons/holders';
import { addSeasonMatch, getSeason, setSeasonCategories } from '@/lib/server/seasons/organiser';
import { createEvent, publishEvent } from '@/lib/server/events/edit';
import { createPriceCategory } from '@/lib/server/events/price-categories';
import { makeCast, orgIdOfSlug } from '../helpers/organiser';
import { categoriesBodyOf } from '../helpers/seasons';
import { getOrder } from '@/lib/server/orders/read';
import { listMyOrders } from '@/lib/server/orders/list';
import { signedGatewayNotice, testGateway } from '@/lib/server/payments/test-gateway';
import { handlePaymentNotice } from '@/lib/server/payments/webhook';
import { translator } from '@/lib/server/api/translate';
import { useTestDatabase } from '../helpers/db';
import { makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const urls = { success: (id: string) => `http://x/orders/${id}`, cancel: () => 'http://x/cart', gateway: (id: string) => `/en/pay/${id}` };
const SEASON = 'fk-dunaj-bratislava-zima';
const MATCHES = ['dunaj-bratislava-fc-kosice', 'dunaj-bratislava-msk-zilina'];


async function seatStates(userId: string | null) {
  const sale = await seasonSale(SEASON, userId);
  return new Map(sale!.sections.flatMap((sec) => sec.rows.flatMap((r) => r.seats.map((seat) => [seat.id, seat.state] as const))));
}

async function eventId(slug: string) {
  return (await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.slug, slug)))[0].id;
}

describe('season hold and the waiting list (item 8)', () => {
  it('a seat whose unit at a remaining match is reserved for the waiting list is not claimable', async () => {
    const fan = await makeUser(t.db, 'office-wl');
    const free = [...(await seatStates(fan.id))].filter(([, state]) => state === 'free').map(([id]) => id);
    const seat = free[5];
    // Fans wait for that seat's category at the second match only.
    const second = await eventId(MATCHES[1]);
    const [unit] = await t.db.select({ typeId: s.inventoryUnits.ticketTypeId }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.eventId, second), eq(s.inventoryUnits.seatId, seat)));
    await t.db.update(s.events).set({ waitingListEnabled: true }).where(eq(s.events.id, second));
    const waiter = await makeUser(t.db, 'office-waiter');
    await t.db.insert(s.waitingListEntries).values({ eventId: second, ticketTypeId: unit.typeId, userId: waiter.id, quantity: 1 });
    try {
      const refused = await purchaseSeason({ user: fan, seasonRef: SEASON, seatIds: [seat], locale: 'en', urls });
      expect(refused).toMatchObject({ ok: false, code: 'SEASON_SEAT_TAKEN', seatIds: [seat] });
      expect((await seatStates(fan.id)).get(seat)).toBe('taken');
      const units = await t.db.select({ status: s.inventoryUnits.status }).from(s.inventoryUnits).where(and(eq(s.inventoryUnits.seatId, seat), inArray(s.inventoryUnits.eventId, [await eventId(MATCHES[0]), second])));
      expect(units).toHaveLength(2);
      expect(units.every((u) => u.status === 'available')).toBe(true);
    } finally {
      await t.db.delete(s.waitingListEntries).where(eq(s.waitingListEntries.userId, waiter.id));
      await t.db.update(s.events).set({ waitingListEnabled: false }).where(eq(s.events.id, second));
    }
    // Nobody waits any more: the seat is on season sale again.
    expect((await seatStates(fan.id)).get(seat)).toBe('free');
  });
});

describe('season categories (item 7)', () => {
  it('a match with other categories is mapped explicitly; its unmapped seats are off season sale, mapped ones priced by the first match', async () => {
    const orgId = await orgIdOfSlug(t.db, 'fk-dunaj-bratislava');
    const [owner] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'klub@fkdunaj.sk'));
    const [season] = await t.db.select().from(s.seasons).where(eq(s.seasons.slug, SEASON));
    const before = await getSeason(owner.id, season.id);
    if (!before.ok) throw new Error(before.code);
    // The demo season: one season category per category, each match's category of that code mapped onto it.
    expect(before.season.categories.length).toBeGreaterThan(1);
    for (const m of before.season.matches) expect(m.priceCategories.every((pc) => pc.seasonCategoryId)).toBe(true);
    const fan = await makeUser(t.db, 'office-cat');
    const freeBefore = [...(await seatStates(fan.id))].filter(([, state]) => state === 'free').length;
    expect(freeBefore).toBeGreaterThan(10);

    // A new match at the stadium whose one category ('Celý štadión', another code) sells every seat.
    const draft = await createEvent(owner.id, {
      organisation: orgId,
      venueId: season.venueId,
      category: 'sport',
      title: { sk: 'Dunaj – Ružomberok', cs: 'Dunaj – Ružomberok', en: 'Dunaj – Ružomberok' },
      startsAt: new Date(Date.now() + 40 * 86_400_000).toISOString(),
      currency: 'EUR',
    });
    if (!draft.ok) throw new Error(draft.code);
    const eventId = draft.event.id;
    const sections = await t.db.select({ id: s.venueSections.id }).from(s.venueSections).where(eq(s.venueSections.venueId, season.venueId));
    const category = await createPriceCategory(owner.id, eventId, { name: { sk: 'Celý štadión', cs: 'Celý stadion', en: 'Whole stadium' }, kind: 'seated', priceAmount: 1500, sectionIds: sections.map((x) => x.id) });
    if (!category.ok) throw new Error(category.code);
    await t.db.update(s.events).set({ imageUrl: '/images/demo/stadium.webp' }).where(eq(s.events.id, eventId));
    expect((await publishEvent(owner.id, eventId)).ok).toBe(true);
    const added = await addSeasonMatch(owner.id, season.id, eventId);
    if (!added.ok) throw new Error(added.code);
    const newMatch = added.season.matches.find((m) => m.id === eventId)!;
    expect(newMatch.priceCategories).toHaveLength(1);
    expect(newMatch.priceCategories[0].seasonCategoryId).toBeNull();
    // Unmapped at a remaining match: no seat is on season sale, and no price asks which applies.
    expect([...(await seatStates(fan.id)).values()].filter((state) => state === 'free')).toHaveLength(0);
    expect(added.season.categories).toHaveLength(before.season.categories.length);

    // Mapped onto the cheapest season category: every seat is priced by its category at the FIRST remaining match.
    const body = categoriesBodyOf(added.season);
    const cheapest = added.season.categories.reduce((a, b) => (a.price <= b.price ? a : b));
    body.mapping = body.mapping.map((m) => (m.ticketTypeId === newMatch.priceCategories[0].id ? { ...m, category: added.season.categories.indexOf(cheapest) } : m));
    const saved = await setSeasonCategories(owner.id, season.id, body);
    if (!saved.ok) throw new Error(saved.code);
    const sale = (await seasonSale(SEASON, fan.id))!;
    const free = sale.sections.flatMap((x) => x.rows.flatMap((r) => r.seats)).filter((seat) => seat.state === 'free');
    expect(free.length).toBe(freeBefore);
    const firstMatch = sale.matches[0].id;
    const seat = free.find((x) => x.categoryId !== cheapest.id)!;
    const [unit] = await t.db
      .select({ seasonCategoryId: s.ticketTypes.seasonCategoryId })
      .from(s.inventoryUnits)
      .innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.inventoryUnits.ticketTypeId))
      .where(and(eq(s.inventoryUnits.eventId, firstMatch), eq(s.inventoryUnits.seatId, seat.id)));
    expect(seat.categoryId).toBe(unit.seasonCategoryId);
    const bought = await purchaseSeason({ user: fan, seasonRef: SEASON, seatIds: [seat.id], locale: 'en', urls });
    if (!bought.ok) throw new Error(bought.code);
    const [order] = await t.db.select({ total: s.orders.totalAmount }).from(s.orders).where(eq(s.orders.id, bought.orderId));
    expect(order.total).toBe(added.season.categories.find((c) => c.id === seat.categoryId)!.price);
    const lines = await t.db.select({ price: s.holdItems.priceAmount }).from(s.holdItems).innerJoin(s.orders, eq(s.orders.holdId, s.holdItems.holdId)).where(eq(s.orders.id, bought.orderId));
    expect(lines).toHaveLength(3);

    // A category of another season, or a price category of no match of the season, is refused.
    expect(await setSeasonCategories(owner.id, season.id, { ...body, mapping: [{ ticketTypeId: sections[0].id, category: 0 }] })).toEqual({ ok: false, code: 'SEASON_CATEGORY_INVALID' });
    expect(await setSeasonCategories(owner.id, season.id, { ...body, mapping: [{ ticketTypeId: newMatch.priceCategories[0].id, category: 99 }] })).toEqual({ ok: false, code: 'SEASON_CATEGORY_INVALID' });
    // A fan is no organiser: another organisation's season is not found.
    expect(await setSeasonCategories(fan.id, season.id, body)).toMatchObject({ ok: false });
  });
});

describe('season receipts and orders (item 6)', () => {
  it('a season order is ONE receipt line per seat, titled with the season, listing its matches; My orders names the season', async () => {
    const fan = await makeUser(t.db, 'office-receipt');
    await t.db.update(s.users).set({ locale: 'sk' }).where(eq(s.users.id, fan.id));
    const sale = (await seasonSale(SEASON, fan.id))!;
    const seat = sale.sections.flatMap((x) => x.rows.flatMap((r) => r.seats)).filter((x) => x.state === 'free')[7];
    const bought = await purchaseSeason({ user: fan, seasonRef: SEASON, seatIds: [seat.id], locale: 'sk', urls });
    if (!bought.ok) throw new Error(bought.code);
    const [payment] = await t.db.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, bought.orderId));
    const { eventId: notice } = signedGatewayNotice(payment.id, 'succeeded');
    expect((await handlePaymentNotice(testGateway, { eventId: notice, paymentId: payment.id, outcome: 'succeeded' })).kind).toBe('paid');

    const order = (await getOrder({ user: fan, orderId: bought.orderId, locale: 'sk' }))!;
    expect(order.season).toMatchObject({ slug: SEASON, name: 'FK Dunaj Bratislava – zima' });
    const items = order.lines.filter((l) => l.kind !== 'fee' && l.kind !== 'discount');
    expect(items).toHaveLength(1);
    const line = items[0] as Extract<(typeof order.lines)[number], { kind: 'season' }>;
    expect(line.kind).toBe('season');
    expect(line.name).toBe('FK Dunaj Bratislava – zima');
    expect(line.matches.map((m) => m.event)).toEqual(sale.matches.map((m) => m.title.sk));
    expect(line.amount.amount).toBe(sale.prices.find((p) => p.categoryId === seat.categoryId)!.price);
    expect(order.lines.reduce((sum, l) => sum + l.amount.amount, 0)).toBe(order.total.amount);

    // The line as the receipt words it (components/orders/receipt.tsx), with each language's plural.
    const words = (locale: 'sk' | 'cs' | 'en', count: number) => translator(locale)('receipt.seasonTicket', { season: line.name, count });
    expect(words('sk', line.matches.length)).toBe(`Permanentka FK Dunaj Bratislava – zima — ${line.matches.length} zápasy`);
    expect(words('sk', 5)).toBe('Permanentka FK Dunaj Bratislava – zima — 5 zápasov');
    expect(words('cs', 5)).toBe('Permanentka FK Dunaj Bratislava – zima — 5 zápasů');
    expect(words('en', 1)).toBe('Season ticket FK Dunaj Bratislava – zima — 1 match');

    const list = await listMyOrders({ user: fan, locale: 'sk' });
    if (!list.ok) throw new Error(list.code);
    expect(list.list.orders[0].season).toMatchObject({ slug: SEASON, name: 'FK Dunaj Bratislava – zima' });

    const [mail] = await t.db.select({ subject: s.emailOutbox.subject, text: s.emailOutbox.textBody }).from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, fan.email), eq(s.emailOutbox.kind, 'order-paid')));
    expect(mail.subject).toBe('Vaša permanentka FK Dunaj Bratislava – zima');
    expect(mail.text).toContain(`Permanentka FK Dunaj Bratislava – zima — ${sale.matches.length} zápasy`);
  });
});

describe('the office’s holders list (item 5)', () => {
  it('lists holders with seat, category, renewed, paid and club mail; filters; counts; CSV with BOM; owner/manager only', async () => {
    const [season] = await t.db.select().from(s.seasons).where(eq(s.seasons.slug, SEASON));
    const [owner] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'klub@fkdunaj.sk'));
    // fan@tribuna.sk renews their spring seat and pays; they turn the club's mail off.
    const [holder] = await t.db.select({ id: s.users.id, email: s.users.email }).from(s.users).where(eq(s.users.email, 'fan@tribuna.sk'));
    const renewed = await renewSeason({ user: { id: holder.id, email: holder.email! }, seasonRef: SEASON, locale: 'sk', urls });
    if (!renewed.ok) throw new Error(renewed.code);
    const [payment] = await t.db.select({ id: s.payments.id }).from(s.payments).where(eq(s.payments.orderId, renewed.orderId));
    const { eventId: notice } = signedGatewayNotice(payment.id, 'succeeded');
    expect((await handlePaymentNotice(testGateway, { eventId: notice, paymentId: payment.id, outcome: 'succeeded' })).kind).toBe('paid');
    await t.db.insert(s.notificationPreferences).values({ userId: holder.id, pushTopics: [], emailTopics: [] });
    const [order] = await t.db.select({ total: s.orders.totalAmount }).from(s.orders).where(eq(s.orders.id, renewed.orderId));

    const all = await seasonHolders(owner.id, season.id, {}, 'sk');
    if (!all.ok) throw new Error(all.code);
    const [spring] = await t.db.select({ n: sql<number>`count(*)::int` }).from(s.seasonTickets).where(eq(s.seasonTickets.seasonId, season.renewsSeasonId!));
    expect(all.list.counts).toEqual({ lastSeason: spring.n, renewed: 1, notRenewed: spring.n - 1 });
    const mine = all.list.holders.find((h) => h.email === 'fan@tribuna.sk')!;
    expect(mine).toMatchObject({ renewed: true, paid: order.total, acceptsMail: false });
    expect(mine.category).not.toBeNull();
    expect(mine.seat.row).toBeTruthy();
    const supporter = all.list.holders.find((h) => h.email === 'supporter@tribuna.eu')!;
    expect(supporter).toMatchObject({ renewed: false, paid: null, acceptsMail: true });

    const onlyRenewed = await seasonHolders(owner.id, season.id, { renewed: 'yes' }, 'sk');
    expect(onlyRenewed.ok && onlyRenewed.list.holders.map((h) => h.email)).toEqual(['fan@tribuna.sk']);
    const noMail = await seasonHolders(owner.id, season.id, { mail: 'no' }, 'sk');
    expect(noMail.ok && noMail.list.holders.map((h) => h.email)).toEqual(['fan@tribuna.sk']);
    const inCategory = await seasonHolders(owner.id, season.id, { category: mine.category!.id, renewed: 'no' }, 'sk');
    expect(inCategory.ok && inCategory.list.holders.every((h) => h.category?.id === mine.category!.id && !h.renewed)).toBe(true);

    const csv = await seasonHoldersExport(owner.id, season.id, { renewed: 'yes' }, 'csv', 'sk', (key: string) => translator('sk')(`seasons.organiser.holdersList.${key}`));
    if (!csv.ok) throw new Error(csv.code);
    const bytes = new Uint8Array(await new Response(csv.stream).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    // Slovak Excel's dialect: semicolons and a decimal comma.
    expect(text.split('\n')[0]).toBe('Meno;E-mail;Sektor;Rad;Miesto;Kategória;Obnovil;Zaplatené;Mena;Prijíma klubovú poštu');
    expect(text).toContain(`fan@tribuna.sk`);
    expect(text).toContain(`;áno;${(order.total / 100).toFixed(2).replace('.', ',')};EUR;nie`);

    // Owner and manager only: a scanner is refused, a fan and another organisation see no such season.
    const cast = await makeCast(t.db, season.orgId);
    expect((await seasonHolders(cast.manager.id, season.id, {}, 'sk')).ok).toBe(true);
    expect(await seasonHolders(cast.scanner.id, season.id, {}, 'sk')).toMatchObject({ ok: false, code: 'ROLE_FORBIDDEN' });
    expect(await seasonHolders(cast.stranger.id, season.id, {}, 'sk')).toMatchObject({ ok: false, code: 'ORG_NOT_FOUND' });
  });
});

describe('migration 0027 (item 7)', () => {
  // Last in this file: it replaces the demo season's categories with what the backfill makes of its old prices.
  it('makes one season category per season_prices code and maps every match’s category of that code onto it', async () => {
    const [season] = await t.db.select().from(s.seasons).where(eq(s.seasons.slug, SEASON));
    const matches = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.seasonId, season.id));
    const types = await t.db.select().from(s.ticketTypes).where(and(inArray(s.ticketTypes.eventId, matches.map((m) => m.id)), eq(s.ticketTypes.kind, 'seated')));
    const codes = [...new Set(types.map((x) => x.code))].sort();
    await t.db.delete(s.seasonCategories).where(eq(s.seasonCategories.seasonId, season.id));
    await t.db.insert(s.seasonPrices).values(codes.map((code, i) => ({ seasonId: season.id, code, priceAmount: 10_000 + i })));
    const file = readFileSync(path.join(process.cwd(), 'lib/server/db/migrations/0027_season_categories.sql'), 'utf8');
    const backfill = file.split('--> statement-breakpoint').at(-1)!;
    await t.db.execute(sql.raw(backfill));
    const categories = await t.db.select().from(s.seasonCategories).where(eq(s.seasonCategories.seasonId, season.id)).orderBy(s.seasonCategories.sort);
    expect(categories.map((c) => c.priceAmount)).toEqual(codes.map((_, i) => 10_000 + i));
    const after = await t.db.select().from(s.ticketTypes).where(and(inArray(s.ticketTypes.eventId, matches.map((m) => m.id)), eq(s.ticketTypes.kind, 'seated')));
    for (const type of after) {
      const category = categories[codes.indexOf(type.code)];
      expect(type.seasonCategoryId).toBe(category.id);
    }
    // Named like the code's category at the first match.
    const [first] = await t.db.select({ id: s.events.id }).from(s.events).where(eq(s.events.seasonId, season.id)).orderBy(s.events.startsAt, s.events.id).limit(1);
    const firstA = after.find((x) => x.eventId === first.id && x.code === codes[0]);
    if (firstA) expect(categories[0].name).toEqual(firstA.name);
  });
});
