import { and, eq, isNotNull } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { eventLedgers, netFigures } from '@/lib/server/reports/ledger';
import { useTestDatabase } from '../helpers/db';
import { buy } from '../helpers/purchases';
import { freeSeatsOf } from '../helpers/seats';
import { eventBySlug, makeUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const STADIUM = 'dunaj-bratislava-fc-kosice';


describe('event ledger', () => {
  it('sums what buyers paid for primary tickets, split into price, discount and service fee, and nothing before a sale', async () => {
    const event = await eventBySlug(t.db, STADIUM);
    const [before] = await eventLedgers({ eventIds: [event.id] });
    // Before this sale: only the demo's own (a fan's live resale offer was bought), as the orders table has them.
    const seeded = await t.db.select().from(s.orders).where(and(eq(s.orders.eventId, event.id), isNotNull(s.orders.paidAt)));
    expect(before.sales).toMatchObject({ orders: seeded.length, collected: seeded.reduce((sum, o) => sum + o.totalAmount, 0) });

    await t.db.update(s.events).set({ serviceFeeAmount: 150 }).where(eq(s.events.id, event.id));
    const fan = await makeUser(t.db, 'ledger');
    const seats = await freeSeatsOf(t.db, STADIUM, 3, 200);
    const order = await buy(t.db, fan, STADIUM, { seatIds: seats });
    const [after] = await eventLedgers({ eventIds: [event.id] });
    expect(after.currency).toBe('EUR');
    expect(after.sales.orders - before.sales.orders).toBe(1);
    expect(after.sales.primaryTickets - before.sales.primaryTickets).toBe(3);
    expect(after.sales.serviceFees - before.sales.serviceFees).toBe(order.feeAmount);
    expect(after.sales.ticketRevenue - before.sales.ticketRevenue).toBe(order.subtotalAmount);
    expect(after.sales.collected - before.sales.collected).toBe(order.totalAmount);
    expect(after.sales.ticketRevenue - after.sales.discounts + after.sales.serviceFees - before.sales.collected).toBe(order.totalAmount);
    expect(after.refunds.orders).toBe(0);
    const [net, netBefore] = [netFigures(after), netFigures(before)];
    expect(net.primaryNet - netBefore.primaryNet).toBe(order.subtotalAmount - order.discountAmount);
    expect(net.serviceFees - netBefore.serviceFees).toBe(order.feeAmount);
    expect(net.owedToOrganiser - netBefore.owedToOrganiser).toBe(order.subtotalAmount - order.discountAmount);

    // a period before the sale holds none of it
    const [earlier] = await eventLedgers({ eventIds: [event.id], to: new Date(Date.now() - 3_600_000) });
    expect(earlier.sales.orders).toBe(seeded.filter((o) => o.paidAt! < new Date(Date.now() - 3_600_000)).length);
  });
});
