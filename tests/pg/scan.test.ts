// Two (or twenty) gates scanning one code at the same moment: exactly one admits. PostgreSQL only
// (PGlite has one connection and would serialise the race away).
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '@/lib/server/db/client';
import * as s from '@/lib/server/db/schema';
import { scanTicket, type ScanResult } from '@/lib/server/scan/scan';
import { useTestDatabase } from '../helpers/db';
import { currentCode, giveTicket, makeScanner, makeUser, openGates } from '../helpers/tickets';

const t = useTestDatabase({ seeded: true });

beforeAll(async () => {
  await openGates(t.db);
});

describe('concurrent gate scans (PostgreSQL)', () => {
  it('runs on PostgreSQL', () => {
    expect(t.kind).toBe('postgres');
  });

  it('twenty gates scanning one ticket at once: exactly one admits, the rest read already used', async () => {
    const owner = await makeUser(t.db, 'goer');
    const gates = await Promise.all(Array.from({ length: 4 }, () => makeScanner(t.db, 'dunaj-bratislava-fc-kosice')));
    const { ticket } = await giveTicket(t.db, owner.id, 'dunaj-bratislava-fc-kosice');
    const code = await currentCode(t.db, ticket.id);

    const results = (await Promise.all(Array.from({ length: 20 }, (_, i) => scanTicket(gates[i % gates.length], { payload: code })))) as ScanResult[];
    const outcomes = results.map((r) => r.result);
    expect(outcomes.filter((r) => r === 'admitted')).toHaveLength(1);
    expect(outcomes.filter((r) => r === 'already_used')).toHaveLength(19);

    const [row] = rowsOf<{ admitted: number; status: string }>(
      await t.db.execute(sql`
        select (select count(*)::int from scan_log where ticket_id = ${ticket.id} and result = 'admitted') as admitted,
               (select status from tickets where id = ${ticket.id}) as status`),
    );
    expect(row).toEqual({ admitted: 1, status: 'checked_in' });
  });

  it('many tickets each scanned twice at once: one admission per ticket, none lost', async () => {
    const owner = await makeUser(t.db, 'crowd');
    const gate = await makeScanner(t.db, 'vltava-praha-slavia-praha');
    const tickets = [];
    for (let i = 0; i < 25; i++) tickets.push((await giveTicket(t.db, owner.id, 'vltava-praha-slavia-praha', 'STAND')).ticket);
    const codes = await Promise.all(tickets.map((x) => currentCode(t.db, x.id)));
    const results = (await Promise.all(codes.flatMap((code) => [scanTicket(gate, { payload: code }), scanTicket(gate, { payload: code })]))) as ScanResult[];
    expect(results.filter((r) => r.result === 'admitted')).toHaveLength(25);
    expect(results.filter((r) => r.result === 'already_used')).toHaveLength(25);
    const checkedIn = await t.db
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .where(and(eq(s.tickets.ownerId, owner.id), eq(s.tickets.status, 'checked_in')));
    expect(checkedIn).toHaveLength(25);
  });

  it('tickets scanned at once at several gates are checked in together: fewer commits than scans, each with its own log line', async () => {
    const owner = await makeUser(t.db, 'group');
    const gates = await Promise.all(Array.from({ length: 3 }, () => makeScanner(t.db, 'vltava-praha-slavia-praha')));
    const tickets = [];
    for (let i = 0; i < 12; i++) tickets.push((await giveTicket(t.db, owner.id, 'vltava-praha-slavia-praha', 'STAND')).ticket);
    const codes = await Promise.all(tickets.map((x) => currentCode(t.db, x.id)));
    const results = (await Promise.all(codes.map((code, i) => scanTicket(gates[i % 3], { payload: code, gate: `G${i % 3}` })))) as ScanResult[];
    expect(results.map((r) => r.result)).toEqual(Array(12).fill('admitted'));
    const lines = rowsOf<{ ticket_id: string; scanner_id: string; gate: string; tx: string }>(
      await t.db.execute(sql`select ticket_id, scanner_id, gate, xmin::text as tx from scan_log where result = 'admitted' and ticket_id in (${sql.join(
        tickets.map((x) => sql`${x.id}`),
        sql`, `,
      )})`),
    );
    expect(lines).toHaveLength(12);
    for (const [i, ticket] of tickets.entries()) {
      expect(lines.find((l) => l.ticket_id === ticket.id)).toMatchObject({ scanner_id: gates[i % 3].id, gate: `G${i % 3}` });
    }
    // the transaction that wrote each line: several scans shared one commit
    expect(new Set(lines.map((l) => l.tx)).size).toBeLessThan(12);
  });

  it('scans read at the same moment are each answered for their own gate and ticket', async () => {
    // The reads of simultaneous scans share statements (lib/server/scan/read.ts): every answer must
    // still be the one for its own caller, found by session token or known, and its own ticket.
    const owner = await makeUser(t.db, 'mixed');
    const dunaj = await makeScanner(t.db, 'dunaj-bratislava-fc-kosice');
    const vltava = await makeScanner(t.db, 'vltava-praha-slavia-praha');
    const stranger = await makeUser(t.db, 'stranger');
    const dunajTickets = [];
    const vltavaTickets = [];
    for (let i = 0; i < 3; i++) {
      dunajTickets.push((await giveTicket(t.db, owner.id, 'dunaj-bratislava-fc-kosice')).ticket);
      vltavaTickets.push((await giveTicket(t.db, owner.id, 'vltava-praha-slavia-praha', 'STAND')).ticket);
    }
    const codeOf = new Map<string, string>();
    for (const x of [...dunajTickets, ...vltavaTickets]) codeOf.set(x.id, await currentCode(t.db, x.id));
    const scans: [string, Promise<unknown>][] = [];
    for (const x of dunajTickets) {
      scans.push([`vltava ${x.id}`, scanTicket({ id: vltava.id }, { payload: codeOf.get(x.id)! })]);
      scans.push([`dunaj ${x.id}`, scanTicket({ sessionToken: dunaj.token }, { payload: codeOf.get(x.id)! })]);
    }
    for (const x of vltavaTickets) {
      scans.push([`dunaj ${x.id}`, scanTicket({ sessionToken: dunaj.token }, { payload: codeOf.get(x.id)! })]);
      scans.push([`stranger ${x.id}`, scanTicket({ sessionToken: stranger.token }, { payload: codeOf.get(x.id)! })]);
      scans.push([`nobody ${x.id}`, scanTicket({ sessionToken: 'not-a-session' }, { payload: codeOf.get(x.id)! })]);
      scans.push([`vltava ${x.id}`, scanTicket({ sessionToken: vltava.token }, { payload: codeOf.get(x.id)! })]);
    }
    const answers = await Promise.all(scans.map(([, scan]) => scan));
    const got = Object.fromEntries(scans.map(([who], i) => [who, answers[i] as ScanResult & { code?: string }]));
    for (const x of dunajTickets) {
      expect(got[`dunaj ${x.id}`]).toMatchObject({ result: 'admitted', ticketId: x.id });
      expect(got[`vltava ${x.id}`]).toEqual({ result: 'invalid' });
    }
    for (const x of vltavaTickets) {
      expect(got[`vltava ${x.id}`]).toMatchObject({ result: 'admitted', ticketId: x.id });
      expect(got[`dunaj ${x.id}`]).toEqual({ result: 'invalid' });
      expect(got[`stranger ${x.id}`]).toEqual({ ok: false, code: 'NOT_A_SCANNER' });
      expect(got[`nobody ${x.id}`]).toEqual({ ok: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('a scan racing a gift: the gate either admits the old code or rejects it, never both admit and transfer', async () => {
    const owner = await makeUser(t.db, 'racer');
    const friend = await makeUser(t.db, 'racer-friend');
    const gate = await makeScanner(t.db, 'polarna-ziara-kosice');
    const { ticket } = await giveTicket(t.db, owner.id, 'polarna-ziara-kosice');
    const code = await currentCode(t.db, ticket.id);
    const { giftTicket } = await import('@/lib/server/tickets/gift');
    const [scan, gift] = await Promise.all([scanTicket(gate, { payload: code }), giftTicket(owner, { ticketId: ticket.id, email: friend.email, locale: 'en' })]);
    const [row] = await t.db.select().from(s.tickets).where(eq(s.tickets.id, ticket.id));
    if ((scan as ScanResult).result === 'admitted') {
      expect(gift.ok).toBe(false);
      expect(row).toMatchObject({ status: 'checked_in', ownerId: owner.id, version: 1 });
    } else {
      expect(gift.ok).toBe(true);
      expect(row).toMatchObject({ status: 'valid', ownerId: friend.id, version: 2 });
    }
  });
});
