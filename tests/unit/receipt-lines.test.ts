import { cartTotals } from '@/lib/server/cart/totals';
import { receiptLines, type ReceiptItem } from '@/lib/server/orders/receipt';

const sum = (lines: { amount: { amount: number } }[]) => lines.reduce((n, line) => n + line.amount.amount, 0);
const seat = (n: number) => ({ section: 'A', row: '3', seat: String(n) });

/** The order's stored totals, as checkout computes them from the same items (cart/totals.ts). */
function storedTotals(items: ReceiptItem[], coupon: Parameters<typeof cartTotals>[1]) {
  return cartTotals(
    items.map((item) => ({ kind: item.resale ? ('resale' as const) : ('seat' as const), ticketTypeCode: 'STD', priceAmount: item.priceAmount, feeAmount: item.feeAmount })),
    coupon,
  );
}

describe('receipt lines', () => {
  it('lists every ticket with its seat, the discount, each kind of fee, and they add up to the order total', () => {
    const items: ReceiptItem[] = [
      { ticketType: 'Main stand', seat: seat(12), resale: false, priceAmount: 2500, feeAmount: 100 },
      { ticketType: 'Main stand', seat: seat(13), resale: false, priceAmount: 2500, feeAmount: 100 },
      { ticketType: 'Family', seat: null, resale: false, priceAmount: 1299, feeAmount: 100 },
      { ticketType: 'Main stand', seat: seat(40), resale: true, priceAmount: 2333, feeAmount: 70 },
    ];
    const totals = storedTotals(items, { kind: 'percent', value: 15, ticketTypeCodes: null });
    const { lines, total } = receiptLines({ currency: 'EUR', items, discountAmount: totals.discount, couponCode: 'DUNAJ15' });

    expect(lines.map((line) => line.kind)).toEqual(['ticket', 'ticket', 'ticket', 'ticket', 'discount', 'fee', 'fee']);
    expect(lines[0]).toMatchObject({ kind: 'ticket', ticketType: 'Main stand', seat: seat(12), amount: { amount: 2500, currency: 'EUR' } });
    expect(lines[3]).toMatchObject({ kind: 'ticket', resale: true, amount: { amount: 2333 } });
    expect(lines[4]).toEqual({ kind: 'discount', code: 'DUNAJ15', amount: { amount: -totals.discount, currency: 'EUR' } });
    expect(lines[5]).toEqual({ kind: 'fee', fee: 'service', count: 3, amount: { amount: 300, currency: 'EUR' } });
    expect(lines[6]).toEqual({ kind: 'fee', fee: 'resale', count: 1, amount: { amount: 70, currency: 'EUR' } });
    expect(sum(lines)).toBe(totals.total);
    expect(total).toEqual({ amount: totals.total, currency: 'EUR' });
  });

  it('shows a package as one line at the price paid for it, its tickets named beneath, and still adds up', () => {
    // A family package of 5 400 spread over its four tickets (the first takes the rounding), beside a ticket bought alone.
    const family = { line: 'line-1', name: 'Family ticket', event: 'Dunaj – Žilina' };
    const items: ReceiptItem[] = [
      { ticketType: 'Main stand', seat: seat(2), resale: false, priceAmount: 2500, feeAmount: 100 },
      ...[5, 6, 7, 8].map((n) => ({ ticketType: 'Opposite stand', seat: seat(n), resale: false, priceAmount: 1350, feeAmount: 100, package: family })),
    ];
    items[1].priceAmount = 1351;
    items[2].priceAmount = 1349;
    const totals = storedTotals(items, { kind: 'percent', value: 10, ticketTypeCodes: null });
    const { lines, total } = receiptLines({ currency: 'EUR', items, discountAmount: totals.discount, couponCode: 'DUNAJ10', loyalty: { points: 300, amount: 300 }, walletCreditAmount: 500 });

    expect(lines.map((line) => line.kind)).toEqual(['ticket', 'package', 'discount', 'loyalty', 'fee', 'wallet']);
    expect(lines[1]).toEqual({
      kind: 'package',
      name: 'Family ticket',
      tickets: [5, 6, 7, 8].map((n) => ({ ticketType: 'Opposite stand', seat: seat(n), event: 'Dunaj – Žilina' })),
      amount: { amount: 5400, currency: 'EUR' },
    });
    // Each ticket's service fee still counts: five tickets.
    expect(lines[4]).toEqual({ kind: 'fee', fee: 'service', count: 5, amount: { amount: 500, currency: 'EUR' } });
    expect(sum(lines)).toBe(totals.total - 300 - 500);
    expect(total.amount).toBe(totals.total - 800);
  });

  it('two packages of one order are two lines', () => {
    const items: ReceiptItem[] = ['a', 'a', 'b', 'b'].map((line) => ({ ticketType: 'Day', seat: null, resale: false, priceAmount: 1000, feeAmount: 0, package: { line, name: 'Pass', event: `Day ${line}` } }));
    const { lines, total } = receiptLines({ currency: 'CZK', items, discountAmount: 0, couponCode: null });
    expect(lines.map((line) => [line.kind, line.amount.amount])).toEqual([
      ['package', 2000],
      ['package', 2000],
    ]);
    expect(total.amount).toBe(4000);
  });

  it('has no discount or fee line when there is none, and still adds up', () => {
    const items: ReceiptItem[] = [{ ticketType: 'Standing', seat: null, resale: false, priceAmount: 4000, feeAmount: 0 }];
    const totals = storedTotals(items, null);
    const { lines, total } = receiptLines({ currency: 'CZK', items, discountAmount: 0, couponCode: null });
    expect(lines).toEqual([{ kind: 'ticket', ticketType: 'Standing', seat: null, resale: false, amount: { amount: 4000, currency: 'CZK' } }]);
    expect(total.amount).toBe(totals.total);
  });

  it('a fixed discount larger than the tickets stops at their price and the lines still add up', () => {
    const items: ReceiptItem[] = [{ ticketType: 'Kids', seat: seat(1), resale: false, priceAmount: 300, feeAmount: 100 }];
    const totals = storedTotals(items, { kind: 'fixed', value: 500, ticketTypeCodes: null });
    const { lines } = receiptLines({ currency: 'EUR', items, discountAmount: totals.discount, couponCode: 'FEST5' });
    expect(sum(lines)).toBe(totals.total);
    expect(totals.total).toBe(100);
  });
});
