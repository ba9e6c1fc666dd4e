// The on-sale rush of bench:onsale, shared with bench:report: fans hold a random seat of one event,
// release it and go again; optionally organisers watch the event's live view at the same time.
import { createHash, randomBytes } from 'node:crypto';
import { cpuMs, jsonClient, listenerPid, machineBusyMs } from './lib.mjs';

/** `count` users with live bearer sessions (as the native app sends them); answers their tokens and ids. */
export async function sessionUsers(sql, prefix, count) {
  const users = await sql`
    insert into users ${sql(Array.from({ length: count }, (_, i) => ({ email: `${prefix}-${i}-${randomBytes(3).toString('hex')}@example.com`, first_name: 'Bench', last_name: String(i), locale: 'en' })))}
    returning id`;
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await sql`insert into sessions ${sql(users.map((u, i) => ({ user_id: u.id, token_hash: createHash('sha256').update(tokens[i]).digest('hex'), expires_at: new Date(Date.now() + 86_400_000) })))}`;
  return users.map((u, i) => ({ id: u.id, token: tokens[i] }));
}

/** `count` organisers of the event: members (managers) of the organisation it belongs to, signed in. */
export async function organiserSessions(sql, eventId, count) {
  const [{ org_id: orgId }] = await sql`select org_id from events where id = ${eventId}`;
  const users = await sessionUsers(sql, 'bench-organiser', count);
  await sql`insert into org_members ${sql(users.map((u) => ({ org_id: orgId, user_id: u.id, role: 'manager' })))}`;
  return users.map((u) => u.token);
}

/**
 * Runs the rush for `seconds`: each fan holds a random seat of `seats`, waits 0–5 ms, releases it and goes
 * again. With `liveViewers` organiser tokens, each of them polls GET …/live every `livePollMs` meanwhile
 * (their first polls spread over one interval, as screens opened at different moments).
 * Answers the counts, hold latencies, oversell checks and the CPU each side used.
 */
export async function rush({ server, port, sql, slug, eventId, tokens, seats, seconds, liveViewers = [], livePollMs = 3000 }) {
  const fans = tokens.length;
  const base = `/api/v1/events/${slug}/cart`;
  const send = jsonClient(server.base, { connections: fans + liveViewers.length });
  for (let i = 0; i < 20; i++) await send('GET', base, { headers: { authorization: `Bearer ${tokens[0]}` } });

  const holder = new Map(); // seat → fan currently holding it (from the 200 answer until the release is sent)
  const latencies = [];
  const counts = { held: 0, conflict: 0, fiveXX: 0, other: 0, released: 0, oversold: 0 };
  const live = { requests: 0, ok: 0, failed: 0, latencies: [] };
  const deadline = Date.now() + seconds * 1000;

  async function fan(index) {
    const headers = { authorization: `Bearer ${tokens[index]}` };
    while (Date.now() < deadline) {
      const seat = seats[Math.floor(Math.random() * seats.length)];
      const started = performance.now();
      let response;
      try {
        response = await send('POST', `${base}/items`, { headers, body: { seatIds: [seat] } });
      } catch {
        counts.other++;
        continue;
      }
      const body = response.body;
      latencies.push(performance.now() - started);
      if (response.status === 200) {
        counts.held++;
        if (holder.has(seat) && holder.get(seat) !== index) counts.oversold++;
        holder.set(seat, index);
        const itemId = body?.items?.[0]?.id;
        // A short look at the cart (0–5 ms) before letting go: while it lasts, another fan's success on this seat would be an oversell.
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        holder.delete(seat);
        const released = await send('DELETE', `${base}/items/${itemId}`, { headers });
        if (released.status === 200) counts.released++;
        else if (released.status >= 500) counts.fiveXX++;
        else counts.other++;
      } else if (response.status === 409) counts.conflict++;
      else if (response.status >= 500) counts.fiveXX++;
      else counts.other++;
    }
  }

  async function viewer(token) {
    const headers = { authorization: `Bearer ${token}` };
    // Sleeps never past the deadline: the phase's elapsed time (holds/s) must not wait for a viewer.
    const pause = (ms) => new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, deadline - Date.now()))));
    await pause(Math.random() * livePollMs);
    while (Date.now() < deadline) {
      const started = performance.now();
      live.requests++;
      try {
        const response = await send('GET', `/api/v1/organiser/events/${eventId}/live`, { headers });
        if (response.status === 200 && typeof response.body?.inCarts?.total === 'number') live.ok++;
        else live.failed++;
      } catch {
        live.failed++;
      }
      const took = performance.now() - started;
      live.latencies.push(took);
      await pause(livePollMs - took);
    }
  }

  const serverPid = listenerPid(port);
  const serverBefore = serverPid ? cpuMs(serverPid) : null;
  const clientBefore = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const began = performance.now();
  const watching = Promise.all(liveViewers.map((token) => viewer(token)));
  await Promise.all(Array.from({ length: fans }, (_, i) => fan(i)));
  const elapsed = (performance.now() - began) / 1000;
  await watching;
  const serverAfter = serverPid ? cpuMs(serverPid) : null;
  const client = process.cpuUsage(clientBefore);
  const machineAfter = machineBusyMs();

  latencies.sort((a, b) => a - b);
  live.latencies.sort((a, b) => a - b);
  const [dupHolds] = await sql`
    select count(*)::int as n from (
      select hi.unit_id from hold_items hi join holds h on h.id = hi.hold_id
      where hi.unit_id is not null and h.status in ('active', 'ordered') and h.expires_at > now()
      group by hi.unit_id having count(*) > 1) d`;
  const [dupTickets] = await sql`select count(*)::int as n from (select unit_id from tickets group by unit_id having count(*) > 1) d`;
  const [stray] = await sql`
    select count(*)::int as n from inventory_units u
    where u.event_id = ${eventId} and u.status = 'held' and u.held_until > now()
      and not exists (select 1 from hold_items hi where hi.unit_id = u.id and hi.hold_id = u.hold_id)`;
  return {
    fans,
    elapsed,
    counts,
    latencies,
    holdsPerSecond: counts.held / elapsed,
    live,
    oversold: counts.oversold + dupHolds.n + dupTickets.n + stray.n,
    sqlChecks: { dupHolds: dupHolds.n, dupTickets: dupTickets.n, stray: stray.n },
    cpu:
      serverBefore != null && serverAfter != null && machineBefore != null
        ? { serverMs: serverAfter - serverBefore, clientMs: (client.user + client.system) / 1000, machineMs: machineAfter - machineBefore }
        : null,
  };
}

/** The p-th percentile (0–100) of sorted numbers, rounded to ms. */
export function percentile(sorted, p) {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}
