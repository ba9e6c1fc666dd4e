// Organiser payouts (issue 32, item 3): a settlement period's and an event's payout made once from the event
// ledger (primary sales net of refunds, less Tribuna's platform fee per the organisation's terms, plus its
// resale share), equal to the settlement; payout runs (admin and CLI) pay them in pain.001 files per currency
// (parsed here: creditor, IBAN, amounts); a confirmed run marks them paid; a refund after a payout is carried
// as a negative balance into the next period and nothing is paid until it is positive; the console's list
// (owner and manager; scanner 403; another organisation 404). Random data: organiser-payouts-reconcile.test.ts;
// two runs at once on PostgreSQL: tests/pg/organiser-payouts.test.ts.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { GET } from '@/tests/helpers/api';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { runPayoutsCli } from '@/lib/server/payouts/cli';
import { organiserPayouts, settleOrganiserPayouts } from '@/lib/server/payouts/organisers';
import { confirmRun, payoutRunsOverview, prepareRun, runFile } from '@/lib/server/payouts/runs';
import { organiserSettlement } from '@/lib/server/reports/settlement';
import { useTestDatabase } from '../helpers/db';
import { makeMember, makeOrganisation } from '../helpers/organiser';
import { bratislava, payoutOrganisation, platformFeeOf, refund, sell } from '../helpers/organiser-payouts';
import { IBANS, makeAdmin } from '../helpers/payouts';
import { auth, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EUR_TERMS = { perTicket: 50, bps: 200, schedule: 'period' as const };
const CZK_TERMS = { perTicket: 1000, bps: 0, schedule: 'event' as const };
const electronic = (iban: string) => iban.replace(/\s/g, '');

let admin: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  admin = await makeAdmin(t.db);
  buyer = await makeUser(t.db, 'payout-buyer');
}, 180_000);

/** A run's file, parsed. */
function parse(xml: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const text = (el: Element | Document, tag: string) => el.getElementsByTagName(tag)[0]?.textContent ?? null;
  return {
    namespace: doc.documentElement.getAttribute('xmlns'),
    transfers: [...doc.getElementsByTagName('CdtTrfTxInf')].map((el) => ({
      endToEndId: text(el, 'EndToEndId'),
      amount: text(el, 'InstdAmt'),
      currency: el.getElementsByTagName('InstdAmt')[0].getAttribute('Ccy'),
      iban: text(el.getElementsByTagName('CdtrAcct')[0], 'IBAN'),
      bic: el.getElementsByTagName('CdtrAgt')[0] ? text(el.getElementsByTagName('CdtrAgt')[0], 'BICFI') ?? text(el.getElementsByTagName('CdtrAgt')[0], 'BIC') : null,
      name: text(el.getElementsByTagName('Cdtr')[0], 'Nm'),
      remittance: text(el, 'Ustrd'),
    })),
  };
}

const rowsOfOrg = (orgId: string) =>
  t.db.select().from(s.organiserPayouts).where(eq(s.organiserPayouts.orgId, orgId)).orderBy(s.organiserPayouts.currency, s.organiserPayouts.seq);

describe('a settlement period’s payout', () => {
  it('is the month’s settlement (sales net of refunds, less the platform fee), made once, paid by a run, and a later refund is carried into the next month', async () => {
    const org = await payoutOrganisation(t.db, { name: 'Payout club', legalName: 'Výplatný klub Žilina, o.z.', iban: electronic(IBANS.sk2), bic: 'GIBASKBX', terms: EUR_TERMS, slugs: ['dunaj-bratislava-as-trencin'] });
    const [event] = org.events;
    const owner = await makeMember(t.db, org.id, 'owner');

    // January: two orders, three tickets
    await sell(t.db, buyer.id, event, [1000, 2000], bratislava('2027-01-10T10:00:00'));
    const later = await sell(t.db, buyer.id, event, [3000], bratislava('2027-01-31T23:30:00'));
    const fees = [1000, 2000, 3000].map((p) => platformFeeOf(p, EUR_TERMS));
    expect(fees).toEqual([70, 90, 110]);
    const lines = await t.db.select({ fee: s.orderItems.platformFeeAmount }).from(s.orderItems).where(eq(s.orderItems.orderId, later));
    expect(lines.map((l) => l.fee)).toEqual([110]);

    // Not before the month is over in Bratislava (31 January 23:59 there is still January)
    expect(await settleOrganiserPayouts(bratislava('2027-01-31T23:59:00'), org.id)).toBe(0);
    expect(await settleOrganiserPayouts(bratislava('2027-02-01T00:01:00'), org.id)).toBe(1);
    expect(await settleOrganiserPayouts(bratislava('2027-02-02T00:00:00'), org.id)).toBe(0);
    let [january] = await rowsOfOrg(org.id);
    expect(january).toMatchObject({ periodKey: 'period:2027-01', currency: 'EUR', primaryNet: 6000, platformFee: 270, resaleShare: 0, owed: 5730, carriedIn: 0, amount: 5730, status: 'pending' });

    // The same figures as the month's settlement
    const statement = await organiserSettlement(owner.id, { organisation: org.id, from: '2027-01-01', to: '2027-01-31' }, 'en');
    if (!statement.ok) throw new Error(statement.code);
    expect(statement.settlement.currencies[0].total).toMatchObject({ primaryNet: 6000, ticketFees: 270, owed: 5730 });

    // Tribuna's invoice for the month's platform fee, issued to the organisation with the payout: gross = the fee deducted
    const documentsOf = () =>
      t.db.select().from(s.taxDocuments).where(and(eq(s.taxDocuments.orgId, org.id), eq(s.taxDocuments.purpose, 'platform-fee'))).orderBy(s.taxDocuments.issuedAt, s.taxDocuments.number);
    const [invoice] = await documentsOf();
    expect(invoice).toMatchObject({ kind: 'invoice', issuer: 'tribuna', currency: 'EUR', totalGross: 270, periodFrom: '2027-01-01', periodTo: '2027-01-31', sourceKey: `platform-fee:${january.id}` });
    expect(invoice.totalNet + invoice.totalVat).toBe(270);
    expect(invoice.buyer).toMatchObject({ name: 'Výplatný klub Žilina, o.z.' });

    // A run pays it: the organisation's legal name (SEPA letters), its IBAN and BIC, the amount
    const run = await prepareRun(admin, 'EUR', { now: bratislava('2027-02-02T09:00:00') });
    if (!run.ok) throw new Error(run.code);
    const file = await runFile(admin, run.run.id);
    if (!file.ok) throw new Error(file.code);
    const parsed = parse(file.xml);
    expect(parsed.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const mine = parsed.transfers.filter((x) => x.endToEndId === january.id.replace(/-/g, ''));
    expect(mine).toEqual([
      { endToEndId: january.id.replace(/-/g, ''), amount: '57.30', currency: 'EUR', iban: electronic(IBANS.sk2), bic: 'GIBASKBX', name: 'Vyplatny klub Zilina, o.z.', remittance: expect.stringMatching(/^Tribuna payout 2027-01 /) },
    ]);
    [january] = await rowsOfOrg(org.id);
    expect(january).toMatchObject({ runId: run.run.id, status: 'pending', paidTo: 'SK08 •••• •••• 3123' });
    expect(await confirmRun(admin, run.run.id, bratislava('2027-02-03T09:00:00'))).toMatchObject({ ok: true, changed: true });
    [january] = await rowsOfOrg(org.id);
    expect(january.status).toBe('paid');
    expect(january.paidAt?.toISOString()).toBe(bratislava('2027-02-03T09:00:00').toISOString());

    // February: the last January order is refunded after its payout — its tickets and platform fee go back
    await refund(t.db, later, bratislava('2027-02-05T12:00:00'));
    expect(await settleOrganiserPayouts(bratislava('2027-03-01T08:00:00'), org.id)).toBe(1);
    let rows = await rowsOfOrg(org.id);
    expect(rows[1]).toMatchObject({ periodKey: 'period:2027-02', primaryNet: -3000, platformFee: -110, owed: -2890, carriedIn: 0, amount: -2890, status: 'carried' });
    // The refunded ticket's platform fee given back: a credit note referring to January's invoice
    const [, credit] = await documentsOf();
    expect(credit).toMatchObject({ kind: 'credit-note', issuer: 'tribuna', totalGross: -110, refersTo: invoice.id, sourceKey: `platform-fee:${rows[1].id}` });
    // Nothing of this organisation is due: a negative balance pays nothing
    const due = rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from organiser_payouts where org_id = ${org.id}::uuid and status = 'pending' and run_id is null`));
    expect(due[0].n).toBe(0);
    const listed = await organiserPayouts(owner.id, org.id, 'en', bratislava('2027-03-01T08:00:00'));
    if (!listed.ok) throw new Error(listed.code);
    expect(listed.result.balances).toEqual([{ currency: 'EUR', carried: -2890 }]);
    expect(listed.result.payouts.map((p) => [p.period, p.status, p.amount])).toEqual([
      ['2027-02', 'carried', -2890],
      ['2027-01', 'paid', 5730],
    ]);

    // March: a month without anything makes no payout; April's sale pays what is left after the carried balance
    expect(await settleOrganiserPayouts(bratislava('2027-04-01T08:00:00'), org.id)).toBe(0);
    await sell(t.db, buyer.id, event, [5000], bratislava('2027-04-05T12:00:00'));
    expect(await settleOrganiserPayouts(bratislava('2027-05-01T08:00:00'), org.id)).toBe(1);
    rows = await rowsOfOrg(org.id);
    expect(rows[2]).toMatchObject({ periodKey: 'period:2027-04', primaryNet: 5000, platformFee: 150, owed: 4850, carriedIn: -2890, amount: 1960, status: 'pending' });

    // Reconciled in SQL: what the paying rows pay equals what the organisation was owed in all
    const [sums] = rowsOf<{ paying: number; owed: number; last: number }>(
      await t.db.execute(sql`
        select
          (select sum(amount) from organiser_payouts where org_id = ${org.id}::uuid and status <> 'carried')::int as paying,
          (select sum(oi.price_amount - oi.platform_fee_amount) from order_items oi join orders o on o.id = oi.order_id where o.event_id = ${event.id}::uuid and o.paid_at is not null)::int
            - (select coalesce(sum(oi.price_amount - oi.platform_fee_amount), 0) from order_items oi join orders o on o.id = oi.order_id where o.event_id = ${event.id}::uuid and o.status = 'refunded')::int as owed,
          (select cum_owed from organiser_payouts where org_id = ${org.id}::uuid order by seq desc limit 1)::int as last`),
    );
    expect(sums).toEqual({ paying: 5730 + 1960, owed: 5730 - 2890 + 4850, last: 7690 });
  });

  it('is made once: the period key is unique per organisation and currency', async () => {
    const org = await payoutOrganisation(t.db, { name: 'Once club', legalName: 'Once club', iban: electronic(IBANS.sk), terms: EUR_TERMS, slugs: ['dunaj-bratislava-msk-zilina'] });
    await sell(t.db, buyer.id, org.events[0], [4000], bratislava('2027-06-03T10:00:00'));
    const made = await Promise.all([1, 2, 3].map(() => settleOrganiserPayouts(bratislava('2027-07-02T00:00:00'), org.id)));
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    await expect(
      t.db.insert(s.organiserPayouts).values({ orgId: org.id, currency: 'EUR', periodKey: 'period:2027-06', seq: 9, cutoff: new Date(), cumPrimaryNet: 0, cumPlatformFee: 0, cumResaleShare: 0, cumOwed: 0, primaryNet: 0, platformFee: 0, resaleShare: 0, owed: 0, carriedIn: 0, amount: 0, status: 'carried' }),
    ).rejects.toThrow();
  });
});

describe('an event’s payout (payout schedule: after each event) in Czech crowns', () => {
  it('waits for the event to end (plus 12 hours), pays 10 Kč per ticket less, in a CZK file of its own; the CLI writes a file per currency', async () => {
    const org = await payoutOrganisation(t.db, { name: 'Hokej Brno', legalName: 'Hokejový klub Třebíč, z.s.', iban: electronic(IBANS.cz2), terms: CZK_TERMS, slugs: ['vltava-praha-kometa-brno'] });
    const [event] = org.events;
    const ends = new Date('2027-09-20T20:00:00Z');
    await t.db.update(s.events).set({ startsAt: new Date('2027-09-20T17:00:00Z'), endsAt: ends, latestEndAt: ends }).where(eq(s.events.id, event.id));
    // The demo's own sales of the match (HC Vltava's terms: 10 Kč a ticket) come with it.
    const [demo] = rowsOf<{ price: number; fee: number }>(
      await t.db.execute(sql`select coalesce(sum(oi.price_amount), 0)::int as price, coalesce(sum(oi.platform_fee_amount), 0)::int as fee
        from order_items oi join orders o on o.id = oi.order_id where o.event_id = ${event.id}::uuid and o.status = 'paid' and oi.listing_id is null`),
    );
    await sell(t.db, buyer.id, event, [50000, 50000], new Date('2027-09-01T10:00:00Z'));
    await sell(t.db, buyer.id, event, [0], new Date('2027-09-02T10:00:00Z'));

    expect(await settleOrganiserPayouts(new Date('2027-09-21T07:59:00Z'), org.id)).toBe(0);
    expect(await settleOrganiserPayouts(new Date('2027-09-21T08:00:00Z'), org.id)).toBe(1);
    const [row] = await rowsOfOrg(org.id);
    // A free ticket carries no platform fee (never more than its price)
    const owed = demo.price + 100000 - (demo.fee + 2000);
    expect(row).toMatchObject({ periodKey: `event:${event.id}`, eventId: event.id, currency: 'CZK', primaryNet: demo.price + 100000, platformFee: demo.fee + 2000, owed, amount: owed, status: 'pending' });

    const out = mkdtempSync(path.join(tmpdir(), 'organiser-payouts-'));
    const printed: string[] = [];
    expect(await runPayoutsCli(['--out', out], (line) => printed.push(line), new Date('2027-09-21T09:00:00Z'))).toBe(0);
    const files = readdirSync(out);
    const czk = files.filter((f) => f.includes('-CZK-'));
    expect(czk).toHaveLength(1);
    const parsed = parse(readFileSync(path.join(out, czk[0]), 'utf8'));
    expect(parsed.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(parsed.transfers.filter((x) => x.endToEndId === row.id.replace(/-/g, ''))).toEqual([
      expect.objectContaining({ amount: (owed / 100).toFixed(2), currency: 'CZK', iban: electronic(IBANS.cz2), name: 'Hokejovy klub Trebic, z.s.', remittance: expect.stringMatching(/^Tribuna payout vltava-praha-kometa-brno /) }),
    ]);
    expect(parsed.transfers.every((x) => x.currency === 'CZK')).toBe(true);
    // The EUR file (the demo's due payouts) has none of this organisation's
    for (const f of files.filter((f) => f.includes('-EUR-'))) expect(readFileSync(path.join(out, f), 'utf8')).not.toContain(row.id.replace(/-/g, ''));

    const runId = /run ([0-9a-f-]{36}), /.exec(printed.find((l) => l.startsWith('CZK:'))!)![1];
    expect(await runPayoutsCli(['--confirm', runId], () => {}, new Date('2027-09-22T09:00:00Z'))).toBe(0);
    const [paid] = await rowsOfOrg(org.id);
    expect(paid).toMatchObject({ status: 'paid', runId });
  });

  it('waits as long as the deployment says (PAYOUT_WAIT_HOURS): with 3 hours nothing before, with 0 the payout is made the moment the event ended; a wait that is no whole number of hours is refused, never read as the default', async () => {
    const org = await payoutOrganisation(t.db, { name: 'Quick club', legalName: 'Rýchly klub Nitra, o.z.', iban: electronic(IBANS.sk), terms: { ...EUR_TERMS, schedule: 'event' }, slugs: ['dunaj-bratislava-fc-kosice'] });
    const [event] = org.events;
    const ends = new Date('2027-09-25T20:00:00Z');
    await t.db.update(s.events).set({ startsAt: new Date('2027-09-25T18:00:00Z'), endsAt: ends, latestEndAt: ends }).where(eq(s.events.id, event.id));
    await sell(t.db, buyer.id, event, [2000], new Date('2027-09-10T10:00:00Z'));
    const configured = process.env.PAYOUT_WAIT_HOURS;
    try {
      process.env.PAYOUT_WAIT_HOURS = '3';
      expect(await settleOrganiserPayouts(new Date(ends.getTime() + 2 * 3_600_000 + 59 * 60_000), org.id)).toBe(0);
      for (const wrong of ['twelve', '-1', '1.5']) {
        process.env.PAYOUT_WAIT_HOURS = wrong;
        await expect(settleOrganiserPayouts(new Date(ends.getTime() + 30 * 86_400_000), org.id)).rejects.toThrow(`PAYOUT_WAIT_HOURS "${wrong}" is not a whole number of hours`);
      }
      expect(await rowsOfOrg(org.id)).toEqual([]);
      process.env.PAYOUT_WAIT_HOURS = '0';
      expect(await settleOrganiserPayouts(new Date(ends.getTime() - 60_000), org.id)).toBe(0);
      expect(await settleOrganiserPayouts(ends, org.id)).toBe(1);
      const [row] = await rowsOfOrg(org.id);
      expect(row).toMatchObject({ periodKey: `event:${event.id}`, cutoff: ends, status: 'pending' });
      expect(row.primaryNet).toBeGreaterThanOrEqual(2000);
    } finally {
      if (configured === undefined) delete process.env.PAYOUT_WAIT_HOURS;
      else process.env.PAYOUT_WAIT_HOURS = configured;
    }
  });

  it('waits for a payout account: counted on the admin screen as waiting, paid by the next run once the account is there', async () => {
    const org = await payoutOrganisation(t.db, { name: 'No account', legalName: 'No account s.r.o.', iban: null, terms: EUR_TERMS, slugs: ['dunaj-bratislava-spartak-trnava'] });
    await sell(t.db, buyer.id, org.events[0], [2500], bratislava('2027-10-03T10:00:00'));
    const now = bratislava('2027-11-01T09:00:00');
    const before = await payoutRunsOverview(admin, now);
    if (!before.ok) throw new Error(before.code);
    const [row] = await rowsOfOrg(org.id);
    expect(row).toMatchObject({ amount: 2500 - platformFeeOf(2500, EUR_TERMS), status: 'pending' });
    expect(before.due.find((d) => d.currency === 'EUR')!.withoutBankAccount).toBeGreaterThanOrEqual(1);
    const first = await prepareRun(admin, 'EUR', { now });
    if (first.ok) {
      const file = await runFile(admin, first.run.id);
      if (file.ok) expect(file.xml).not.toContain(row.id.replace(/-/g, ''));
    }
    await t.db.update(s.organisations).set({ payoutIban: electronic(IBANS.sk) }).where(eq(s.organisations.id, org.id));
    const second = await prepareRun(admin, 'EUR', { now });
    if (!second.ok) throw new Error(second.code);
    const file = await runFile(admin, second.run.id);
    if (!file.ok) throw new Error(file.code);
    expect(parse(file.xml).transfers.filter((x) => x.endToEndId === row.id.replace(/-/g, ''))).toHaveLength(1);
  });
});

describe('the console’s list of payouts', () => {
  it('answers owner and manager; a scanner is 403 and another organisation’s member 404', async () => {
    const org = await payoutOrganisation(t.db, { name: 'Listed club', legalName: 'Listed club', iban: electronic(IBANS.sk), terms: EUR_TERMS, slugs: [] });
    const owner = await makeMember(t.db, org.id, 'owner');
    const manager = await makeMember(t.db, org.id, 'manager');
    const scanner = await makeMember(t.db, org.id, 'scanner');
    const other = await makeOrganisation(t.db, 'Other club');
    const stranger = await makeMember(t.db, other.id, 'owner', 'stranger');
    const call = (user: TestUser) => GET(request(`/api/v1/organiser/payouts?organisation=${org.id}`, { headers: auth(user) }), params({}));
    const ok = await call(owner);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ payouts: expect.any(Array), balances: expect.any(Array) });
    expect((await call(manager)).status).toBe(200);
    expect((await call(scanner)).status).toBe(403);
    expect((await call(stranger)).status).toBe(404);
    const bad = await GET(request('/api/v1/organiser/payouts?organisation=nope', { headers: auth(owner) }), params({}));
    expect(bad.status).toBe(422);
  });
});

describe('the demo', () => {
  it('FK Dunaj is paid after each match: its past match has a payout; Pulz Live and HC Vltava have platform fees', async () => {
    await settleOrganiserPayouts(new Date());
    const rows = rowsOf<{ slug: string; period_key: string; amount: number }>(
      await t.db.execute(sql`select o.slug, p.period_key, p.amount from organiser_payouts p join organisations o on o.id = p.org_id where o.slug = 'fk-dunaj-bratislava'`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.period_key.startsWith('event:') && r.amount > 0)).toBe(true);
    const terms = await t.db.select({ slug: s.organisations.slug, perTicket: s.organisations.platformFeePerTicket, bps: s.organisations.platformFeeBps }).from(s.organisations).where(and(sql`slug in ('pulz-live', 'hc-vltava-praha')`));
    expect(terms.every((x) => x.perTicket > 0)).toBe(true);
  });
});
