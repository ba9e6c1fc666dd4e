// Resale payouts that are paid (issue 16, item 7): the seller's bank account (validated, always masked),
// when a payout is due, payout runs and their pain.001 files (parsed here), idempotent confirm and
// cancel, admin-only access, and the CLI. Two runs at once on PostgreSQL: tests/pg/payouts.test.ts.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { GET as overviewRoute, POST as prepareRoute } from '@/tests/helpers/api';
import { POST as cancelRoute } from '@/tests/helpers/api';
import { POST as confirmRoute } from '@/tests/helpers/api';
import { GET as fileRoute } from '@/tests/helpers/api';
import { DELETE as removeAccount, GET as readAccount, PUT as putAccount } from '@/tests/helpers/api';
import { GET as ledgerRoute } from '@/tests/helpers/api';
import cs from '@/messages/cs.json';
import en from '@/messages/en.json';
import sk from '@/messages/sk.json';
import * as s from '@/lib/server/db/schema';
import { DEMO_ADMIN_EMAIL } from '@/lib/server/db/seed/payouts';
import { runPayoutsCli } from '@/lib/server/payouts/cli';
import { payoutDebtor } from '@/lib/server/payouts/debtor';
import { cancelRun, confirmRun, payoutRunsOverview, prepareRun, runFile } from '@/lib/server/payouts/runs';
import { listPayouts } from '@/lib/server/resale/payouts';
import { useTestDatabase } from '../helpers/db';
import { afterEvent, giveBankAccount, IBANS, makeAdmin, resaleSale } from '../helpers/payouts';
import { auth, makeUser, params, request, type TestUser } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });
const EUR_EVENT = 'dunaj-bratislava-fc-kosice';
const CZK_EVENT = 'vltava-praha-slavia-praha';
const messages = { sk, cs, en };
const electronic = (iban: string) => iban.replace(/\s/g, '');

let admin: TestUser;
let after: Date;

beforeAll(async () => {
  admin = await makeAdmin(t.db);
  after = await afterEvent(t.db, EUR_EVENT);
}, 180_000);

const put = (user: TestUser, body: unknown, language = 'en') => putAccount(request('/api/v1/payouts/bank-account', { method: 'PUT', headers: auth(user, { 'accept-language': language }), body }), params({}));

/** The run's file, parsed. */
function parse(xml: string) {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const text = (el: Element | Document, tag: string) => el.getElementsByTagName(tag)[0]?.textContent ?? null;
  const transfers = [...doc.getElementsByTagName('CdtTrfTxInf')].map((el) => ({
    endToEndId: text(el, 'EndToEndId'),
    amount: text(el, 'InstdAmt'),
    currency: el.getElementsByTagName('InstdAmt')[0].getAttribute('Ccy'),
    iban: text(el.getElementsByTagName('CdtrAcct')[0], 'IBAN'),
    name: text(el.getElementsByTagName('Cdtr')[0], 'Nm'),
    remittance: text(el, 'Ustrd'),
  }));
  return {
    namespace: doc.documentElement.getAttribute('xmlns'),
    messageId: text(doc, 'MsgId'),
    count: Number(text(doc.getElementsByTagName('GrpHdr')[0], 'NbOfTxs')),
    controlSum: text(doc.getElementsByTagName('GrpHdr')[0], 'CtrlSum'),
    debtorIban: text(doc.getElementsByTagName('DbtrAcct')[0], 'IBAN'),
    serviceLevel: text(doc.getElementsByTagName('SvcLvl')[0], 'Cd'),
    transfers,
  };
}

async function payoutsOfRun(runId: string) {
  return t.db.select().from(s.payouts).where(eq(s.payouts.runId, runId));
}

/** The organisers' payouts a run pays too (payouts/organisers.ts: FK Dunaj is paid after each match, so the demo's past match has one). */
async function organiserPayoutsOfRun(runId: string) {
  return t.db.select().from(s.organiserPayouts).where(eq(s.organiserPayouts.runId, runId));
}

describe('the seller’s bank account', () => {
  it('takes Slovak and Czech IBANs typed with spaces, stores them whole and answers them masked, never whole', async () => {
    const seller = await makeUser(t.db, 'iban');
    const saved = await put(seller, { iban: IBANS.sk.toLowerCase(), holderName: 'Jana Nováková' });
    expect(saved.status).toBe(200);
    const savedText = await saved.text();
    expect(JSON.parse(savedText).bankAccount).toMatchObject({ iban: 'SK31 •••• •••• 7541', holderName: 'Jana Nováková', bic: null });
    expect(savedText).not.toContain('198742637541');
    const [row] = await t.db.select().from(s.bankAccounts).where(eq(s.bankAccounts.userId, seller.id));
    expect(row.iban).toBe('SK3112000000198742637541');

    const read = await (await readAccount(request('/api/v1/payouts/bank-account', { headers: auth(seller) }), params({}))).text();
    expect(JSON.parse(read).bankAccount.iban).toBe('SK31 •••• •••• 7541');
    expect(read).not.toContain('198742637541');

    const czech = await put(seller, { iban: IBANS.cz, holderName: 'Petr Dvořák', bic: 'gibaczpx' });
    expect(czech.status).toBe(200);
    const czechText = await czech.text();
    expect(JSON.parse(czechText).bankAccount).toMatchObject({ iban: 'CZ65 •••• •••• 5399', holderName: 'Petr Dvořák', bic: 'GIBACZPX' });
    expect(czechText).not.toContain(electronic(IBANS.cz).slice(4, 20));

    const removed = await removeAccount(request('/api/v1/payouts/bank-account', { method: 'DELETE', headers: auth(seller) }), params({}));
    expect(await removed.json()).toEqual({ bankAccount: null });
    expect(await (await readAccount(request('/api/v1/payouts/bank-account', { headers: auth(seller) }), params({}))).json()).toEqual({ bankAccount: null });
  });

  it.each(['sk', 'cs', 'en'] as const)('refuses an IBAN with a wrong check digit, in %s, at the field iban', async (language) => {
    const seller = await makeUser(t.db, 'typo');
    const response = await put(seller, { iban: 'SK32 1200 0000 1987 4263 7541', holderName: 'Jana Nováková' }, language);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.errors).toEqual([{ field: 'iban', message: messages[language].payouts.bankAccount.errors.iban }]);
    expect(body.message).toBe(messages[language].payouts.bankAccount.errors.iban);
    expect(await t.db.select().from(s.bankAccounts).where(eq(s.bankAccounts.userId, seller.id))).toEqual([]);
  });

  it('refuses a holder name under 2 or over 70 characters and a BIC of another country', async () => {
    const seller = await makeUser(t.db, 'names');
    const short = await (await put(seller, { iban: IBANS.sk, holderName: 'J' })).json();
    expect(short.errors).toEqual([{ field: 'holderName', message: en.payouts.bankAccount.errors.holderLength }]);
    const long = await (await put(seller, { iban: IBANS.sk, holderName: 'J'.repeat(71) })).json();
    expect(long.errors).toEqual([{ field: 'holderName', message: en.payouts.bankAccount.errors.holderLength }]);
    const bic = await (await put(seller, { iban: IBANS.sk, holderName: 'Jana', bic: 'GIBACZPX' })).json();
    expect(bic.errors).toEqual([{ field: 'bic', message: en.payouts.bankAccount.errors.bicCountry }]);
    const badBic = await (await put(seller, { iban: IBANS.sk, holderName: 'Jana', bic: 'NOTABIC' })).json();
    expect(badBic.errors).toEqual([{ field: 'bic', message: en.payouts.bankAccount.errors.bic }]);
  });
});

describe('when a payout is due', () => {
  it('waits for the event; then is due, but goes into no run while the seller has no bank account', async () => {
    const seller = await makeUser(t.db, 'no-account');
    const { payout } = await resaleSale(t.db, seller, EUR_EVENT);
    const [now] = (await listPayouts(seller)).filter((p) => p.id === payout.id);
    expect(now).toMatchObject({ state: 'waiting', needsBankAccount: false, paidTo: null, paidAt: null });
    const [later] = (await listPayouts(seller, after)).filter((p) => p.id === payout.id);
    expect(later).toMatchObject({ state: 'due', needsBankAccount: true });

    // the admins see it as waiting for an account
    const overview = await payoutRunsOverview(admin, after);
    if (!overview.ok) throw new Error(overview.code);
    expect(overview.due.find((d) => d.currency === 'EUR')!.withoutBankAccount).toBeGreaterThanOrEqual(1);

    const run = await prepareRun(admin, 'EUR', { now: after });
    if (run.ok) expect((await cancelRun(admin, run.run.id)).ok).toBe(true);
    const [row] = await t.db.select().from(s.payouts).where(eq(s.payouts.id, payout.id));
    expect(row.runId).toBeNull();

    // before the event, even with an account, nothing is due
    await giveBankAccount(seller, IBANS.sk);
    const today = await prepareRun(admin, 'EUR');
    if (today.ok) {
      expect((await payoutsOfRun(today.run.id)).map((p) => p.id)).not.toContain(payout.id);
      await cancelRun(admin, today.run.id);
    }
    const taken = await prepareRun(admin, 'EUR', { now: after });
    if (!taken.ok) throw new Error(taken.code);
    expect((await payoutsOfRun(taken.run.id)).map((p) => p.id)).toContain(payout.id);
    expect((await cancelRun(admin, taken.run.id)).ok).toBe(true);
  });

  it('is not due when the resale purchase was refunded', async () => {
    const seller = await makeUser(t.db, 'refunded');
    await giveBankAccount(seller, IBANS.sk);
    const { payout, order } = await resaleSale(t.db, seller, EUR_EVENT);
    await t.db.update(s.orders).set({ status: 'refunded' }).where(eq(s.orders.id, order.id));
    const [mine] = (await listPayouts(seller, after)).filter((p) => p.id === payout.id);
    expect(mine.state).toBe('waiting');
    const run = await prepareRun(admin, 'EUR', { now: after });
    if (run.ok) {
      expect((await payoutsOfRun(run.run.id)).map((p) => p.id)).not.toContain(payout.id);
      await cancelRun(admin, run.run.id);
    }
  });
});

describe('payout runs', () => {
  it('writes one SEPA credit transfer per due payout: count, control sum, IBANs, end-to-end ids; prepared twice the second has nothing', async () => {
    const [jana, petr] = [await makeUser(t.db, 'jana'), await makeUser(t.db, 'petr')];
    await giveBankAccount(jana, IBANS.sk, 'Jana Nováková');
    await giveBankAccount(petr, IBANS.sk2, 'Peter Ďurčo');
    const sales = [await resaleSale(t.db, jana, EUR_EVENT), await resaleSale(t.db, jana, EUR_EVENT), await resaleSale(t.db, petr, EUR_EVENT)];

    const prepared = await prepareRun(admin, 'EUR', { now: after });
    if (!prepared.ok) throw new Error(prepared.code);
    const inRun = await payoutsOfRun(prepared.run.id);
    expect(inRun.map((p) => p.id)).toEqual(expect.arrayContaining(sales.map((x) => x.payout.id)));
    const organisers = await organiserPayoutsOfRun(prepared.run.id);
    const total = inRun.reduce((sum, p) => sum + p.netAmount, 0) + organisers.reduce((sum, p) => sum + p.amount, 0);
    expect(prepared.run).toMatchObject({ status: 'prepared', currency: 'EUR', payoutCount: inRun.length + organisers.length, totalAmount: total, createdBy: admin.email });

    const file = await runFile(admin, prepared.run.id);
    if (!file.ok) throw new Error(file.code);
    const xml = parse(file.xml);
    expect(xml.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml.messageId).toBe(prepared.run.messageId);
    expect(xml.count).toBe(inRun.length + organisers.length);
    expect(xml.transfers).toHaveLength(inRun.length + organisers.length);
    expect(xml.controlSum).toBe((total / 100).toFixed(2));
    expect(xml.debtorIban).toBe(payoutDebtor('EUR')!.iban);
    expect(xml.serviceLevel).toBe('SEPA');
    for (const sale of sales) {
      const transfer = xml.transfers.find((x) => x.endToEndId === sale.payout.id.replace(/-/g, ''));
      expect(transfer).toMatchObject({
        amount: (sale.payout.netAmount / 100).toFixed(2),
        currency: 'EUR',
        iban: electronic(sale === sales[2] ? IBANS.sk2 : IBANS.sk),
        name: sale === sales[2] ? 'Peter Durco' : 'Jana Novakova',
        remittance: `Tribuna resale ${EUR_EVENT} ${sale.payout.id.slice(0, 8)}`,
      });
    }

    // processing, to the masked account; the ledger never shows the IBAN whole
    const ledger = await (await ledgerRoute(request('/api/v1/payouts', { headers: auth(jana) }), params({}))).text();
    expect(ledger).not.toContain(electronic(IBANS.sk));
    expect((await listPayouts(jana, after)).filter((p) => p.state === 'processing').map((p) => p.paidTo)).toEqual(['SK31 •••• •••• 7541', 'SK31 •••• •••• 7541']);

    expect(await prepareRun(admin, 'EUR', { now: after })).toEqual({ ok: false, code: 'NOTHING_DUE' });
    expect(await t.db.select().from(s.payoutRuns).where(eq(s.payoutRuns.payoutCount, 0))).toEqual([]);

    // confirmed twice: paid once
    const paidAt = new Date(after.getTime() + 86_400_000);
    const confirmed = await confirmRun(admin, prepared.run.id, paidAt);
    expect(confirmed).toMatchObject({ ok: true, changed: true, run: { status: 'confirmed' } });
    const again = await confirmRun(admin, prepared.run.id, new Date(paidAt.getTime() + 3_600_000));
    expect(again).toMatchObject({ ok: true, changed: false, run: { status: 'confirmed', confirmedAt: paidAt.toISOString() } });
    for (const p of await payoutsOfRun(prepared.run.id)) {
      expect(p.status).toBe('paid');
      expect(p.paidAt?.toISOString()).toBe(paidAt.toISOString());
    }
    expect((await listPayouts(petr, after)).find((p) => p.id === sales[2].payout.id)).toMatchObject({ state: 'paid', paidTo: 'SK08 •••• •••• 3123', paidAt: paidAt.toISOString() });
    expect(await cancelRun(admin, prepared.run.id)).toEqual({ ok: false, code: 'RUN_CONFIRMED' });
  });

  it('a cancelled run frees its payouts for the next run, and cannot be confirmed', async () => {
    const seller = await makeUser(t.db, 'cancel');
    await giveBankAccount(seller, IBANS.sk);
    const { payout } = await resaleSale(t.db, seller, EUR_EVENT);
    const first = await prepareRun(admin, 'EUR', { now: after });
    if (!first.ok) throw new Error(first.code);
    expect((await cancelRun(admin, first.run.id)).ok).toBe(true);
    expect(await cancelRun(admin, first.run.id)).toMatchObject({ ok: true, changed: false });
    const [freed] = await t.db.select().from(s.payouts).where(eq(s.payouts.id, payout.id));
    expect(freed).toMatchObject({ runId: null, paidTo: null, status: 'pending' });
    expect((await listPayouts(seller, after)).find((p) => p.id === payout.id)?.state).toBe('due');
    expect(await confirmRun(admin, first.run.id)).toEqual({ ok: false, code: 'RUN_CANCELLED' });

    const second = await prepareRun(admin, 'EUR', { now: after });
    if (!second.ok) throw new Error(second.code);
    expect((await payoutsOfRun(second.run.id)).map((p) => p.id)).toContain(payout.id);
    expect((await confirmRun(admin, second.run.id)).ok).toBe(true);
  });

  it('pays koruna in a pain.001.001.03 file in CZK (Czech domestic payment)', async () => {
    const seller = await makeUser(t.db, 'koruna');
    await giveBankAccount(seller, IBANS.cz, 'Petr Dvořák');
    const { payout } = await resaleSale(t.db, seller, CZK_EVENT);
    const run = await prepareRun(admin, 'CZK', { now: await afterEvent(t.db, CZK_EVENT) });
    if (!run.ok) throw new Error(run.code);
    const file = await runFile(admin, run.run.id);
    if (!file.ok) throw new Error(file.code);
    const xml = parse(file.xml);
    expect(xml.namespace).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml.serviceLevel).toBe('NURG');
    expect(xml.debtorIban?.startsWith('CZ')).toBe(true);
    expect(xml.transfers.find((x) => x.endToEndId === payout.id.replace(/-/g, ''))).toMatchObject({ currency: 'CZK', iban: electronic(IBANS.cz), name: 'Petr Dvorak' });
    expect(file.xml).toContain('<ChrgBr>SHAR</ChrgBr>');
    expect((await confirmRun(admin, run.run.id)).ok).toBe(true);
  });

  it('a deployment without Tribuna’s own account refuses to prepare a run', async () => {
    const deployment = { SESSION_SECRET: 'x'.repeat(40) } as unknown as NodeJS.ProcessEnv;
    expect(payoutDebtor('EUR', deployment)).toBeNull();
    expect(payoutDebtor('EUR', { ...deployment, PAYOUT_DEBTOR_IBAN: IBANS.sk, PAYOUT_DEBTOR_NAME: 'Tribuna s.r.o.', PAYOUT_DEBTOR_BIC: 'tatrskbx' })).toEqual({ iban: electronic(IBANS.sk), name: 'Tribuna s.r.o.', bic: 'TATRSKBX' });
    expect(payoutDebtor('CZK', { ...deployment, PAYOUT_DEBTOR_IBAN: IBANS.sk, PAYOUT_DEBTOR_NAME: 'Tribuna s.r.o.' })).toBeNull();
    expect(payoutDebtor('EUR', { ...deployment, PAYOUT_DEBTOR_IBAN: 'SK32 1200 0000 1987 4263 7541', PAYOUT_DEBTOR_NAME: 'Tribuna s.r.o.' })).toBeNull();
    const seller = await makeUser(t.db, 'no-debtor');
    await giveBankAccount(seller, IBANS.sk);
    await resaleSale(t.db, seller, EUR_EVENT);
    expect(await prepareRun(admin, 'EUR', { now: after, debtor: null })).toEqual({ ok: false, code: 'PAYOUT_DEBTOR_MISSING' });
    const response = await prepareRoute(request('/api/v1/admin/payout-runs', { method: 'POST', headers: auth(admin), body: { currency: 'EUR' } }), params({}));
    // the test environment is the demo: the demo account pays, but nothing is due before the event
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe('NOTHING_DUE');
  });
});

describe('admin only', () => {
  it('a fan gets 404 from every admin call, as if there were nothing; an admin gets the screen’s data and the file', async () => {
    const fan = await makeUser(t.db, 'curious');
    const seller = await makeUser(t.db, 'admin-api');
    await giveBankAccount(seller, IBANS.sk);
    await resaleSale(t.db, seller, EUR_EVENT);
    const run = await prepareRun(admin, 'EUR', { now: after });
    if (!run.ok) throw new Error(run.code);
    const runId = run.run.id;

    const fanCalls = [
      overviewRoute(request('/api/v1/admin/payout-runs', { headers: auth(fan) }), params({})),
      prepareRoute(request('/api/v1/admin/payout-runs', { method: 'POST', headers: auth(fan), body: { currency: 'EUR' } }), params({})),
      confirmRoute(request(`/api/v1/admin/payout-runs/${runId}/confirm`, { method: 'POST', headers: auth(fan) }), params({ runId })),
      cancelRoute(request(`/api/v1/admin/payout-runs/${runId}/cancel`, { method: 'POST', headers: auth(fan) }), params({ runId })),
      fileRoute(request(`/api/v1/admin/payout-runs/${runId}/file`, { headers: auth(fan) }), params({ runId })),
    ];
    for (const response of await Promise.all(fanCalls)) {
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('NOT_FOUND');
    }
    const [stillPrepared] = await t.db.select().from(s.payoutRuns).where(eq(s.payoutRuns.id, runId));
    expect(stillPrepared.status).toBe('prepared');

    const overview = await overviewRoute(request('/api/v1/admin/payout-runs', { headers: auth(admin) }), params({}));
    expect(overview.status).toBe(200);
    const overviewText = await overview.text();
    expect(overviewText).not.toContain(electronic(IBANS.sk));
    const body = JSON.parse(overviewText);
    expect(body.due.map((d: { currency: string }) => d.currency)).toEqual(['EUR', 'CZK']);
    expect(body.runs.find((r: { id: string }) => r.id === runId)).toMatchObject({ status: 'prepared', payoutCount: run.run.payoutCount });

    const file = await fileRoute(request(`/api/v1/admin/payout-runs/${runId}/file`, { headers: auth(admin) }), params({ runId }));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="tribuna-payouts-EUR-\d{4}-\d{2}-\d{2}-TRB[0-9A-F]{20}\.xml"$/);
    expect(parse(await file.text()).messageId).toBe(run.run.messageId);

    const confirmed = await confirmRoute(request(`/api/v1/admin/payout-runs/${runId}/confirm`, { method: 'POST', headers: auth(admin) }), params({ runId }));
    expect(await confirmed.json()).toMatchObject({ changed: true, run: { status: 'confirmed' } });
    const twice = await confirmRoute(request(`/api/v1/admin/payout-runs/${runId}/confirm`, { method: 'POST', headers: auth(admin) }), params({ runId }));
    expect(await twice.json()).toMatchObject({ changed: false });
    const cancelled = await cancelRoute(request(`/api/v1/admin/payout-runs/${runId}/cancel`, { method: 'POST', headers: auth(admin) }), params({ runId }));
    expect(cancelled.status).toBe(409);
    expect((await cancelled.json()).code).toBe('RUN_CONFIRMED');
  });

  it('the demo has its admin, and two past resale sales waiting only for their sellers’ bank accounts', async () => {
    const [demoAdmin] = await t.db.select().from(s.users).where(eq(s.users.email, DEMO_ADMIN_EMAIL));
    expect(demoAdmin.isAdmin).toBe(true);
    const [supporter] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'supporter@tribuna.eu'));
    expect((await listPayouts(supporter)).map((p) => ({ state: p.state, needsBankAccount: p.needsBankAccount }))).toEqual([{ state: 'due', needsBankAccount: true }]);
    const [fanusik] = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'fanusik@tribuna.cz'));
    expect((await listPayouts(fanusik)).map((p) => p.needsBankAccount)).toEqual([true]);
  });
});

describe('npm run payouts:run', () => {
  it('prepares a run per currency with due payouts, writes each file, prints ids, counts and totals; --confirm pays', async () => {
    const [eur, czk] = [await makeUser(t.db, 'cli-eur'), await makeUser(t.db, 'cli-czk')];
    await giveBankAccount(eur, IBANS.sk);
    await giveBankAccount(czk, IBANS.cz2);
    const sold = [await resaleSale(t.db, eur, EUR_EVENT), await resaleSale(t.db, czk, CZK_EVENT)];
    const now = new Date(Math.max(after.getTime(), (await afterEvent(t.db, CZK_EVENT)).getTime()));
    const out = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    const lines: string[] = [];
    expect(await runPayoutsCli(['--out', out], (line) => lines.push(line), now)).toBe(0);

    const runs = await t.db.select().from(s.payoutRuns).where(and(eq(s.payoutRuns.status, 'prepared'), sql`created_by is null`));
    expect(runs.map((r) => r.currency).sort()).toEqual(['CZK', 'EUR']);
    for (const run of runs) {
      expect(lines.some((line) => line.includes(run.id) && line.includes(`${run.payoutCount} payouts`) && line.includes(`${(run.totalAmount / 100).toFixed(2)} ${run.currency}`))).toBe(true);
    }
    const files = readdirSync(out);
    expect(files).toHaveLength(2);
    for (const name of files) expect(readFileSync(path.join(out, name), 'utf8')).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Document/);

    const eurRun = runs.find((r) => r.currency === 'EUR')!;
    const confirmLines: string[] = [];
    expect(await runPayoutsCli(['--confirm', eurRun.id], (line) => confirmLines.push(line))).toBe(0);
    expect(confirmLines[0]).toContain('confirmed');
    const [paid] = await t.db.select().from(s.payouts).where(eq(s.payouts.id, sold[0].payout.id));
    expect(paid.status).toBe('paid');
    expect(await runPayoutsCli(['--confirm', eurRun.id], (line) => confirmLines.push(line))).toBe(0);
    expect(confirmLines[1]).toContain('already confirmed');

    const nothing: string[] = [];
    expect(await runPayoutsCli(['--out', out], (line) => nothing.push(line), now)).toBe(0);
    expect(nothing).toEqual(['Nothing is due: no run prepared.']);
  });
});
