import * as webCodes from '@/lib/ticket-code/code';
import { msUntilNextStep, parseTicketCode, STEP_SECONDS, timeStep } from '@/lib/ticket-code/code';
import * as serverCodes from '@/lib/server/tickets/codes';

const ticketId = '3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f';
const secret = 'k3H1tQm0Jx9u2y-8vY0s5bFq1nA7cZ4eW6rT3pL2oM8';
const step = STEP_SECONDS * 1000;
// A fixed moment well inside a step, so ± one step never crosses two boundaries by accident.
const t0 = Date.UTC(2026, 10, 22, 18, 0, 0) + 2_000;

// The browser's WebCrypto version and the server's node:crypto version must behave alike.
describe.each([
  ['WebCrypto (phone, offline gate)', webCodes],
  ['node:crypto (server)', serverCodes],
])('rotating ticket codes with %s', (_name, { deriveCodeKey, generateTicketCode, verifyTicketCode }) => {
async function codeAt(nowMs: number, version = 1, key?: string) {
  const codeKey = key ?? (await deriveCodeKey(secret, ticketId, version));
  return generateTicketCode({ ticketId, version, codeKey }, nowMs);
}

async function check(payload: string, nowMs: number, version = 1) {
  const parsed = parseTicketCode(payload);
  if (!parsed) return { ok: false, reason: 'malformed' } as const;
  return verifyTicketCode(parsed, { version, codeKey: await deriveCodeKey(secret, ticketId, version) }, nowMs);
}

  it('changes every 15-second step and carries id, version and step', async () => {
    const a = await codeAt(t0);
    const b = await codeAt(t0 + step);
    expect(a).not.toEqual(b);
    expect(await codeAt(t0 + 5_000)).toEqual(a);
    expect(parseTicketCode(a)).toMatchObject({ ticketId, version: 1, step: timeStep(t0) });
    expect(msUntilNextStep(t0)).toBe(step - 2_000);
  });

  it('accepts a code at its own step and one step either side (clock drift)', async () => {
    const payload = await codeAt(t0);
    await expect(check(payload, t0)).resolves.toEqual({ ok: true, step: timeStep(t0) });
    await expect(check(payload, t0 + step)).resolves.toMatchObject({ ok: true });
    await expect(check(payload, t0 - step)).resolves.toMatchObject({ ok: true });
  });

  it('rejects a screenshot two steps later or earlier as expired', async () => {
    const payload = await codeAt(t0);
    await expect(check(payload, t0 + 2 * step)).resolves.toEqual({ ok: false, reason: 'expired' });
    await expect(check(payload, t0 - 2 * step)).resolves.toEqual({ ok: false, reason: 'expired' });
    await expect(check(payload, t0 + 60 * step)).resolves.toEqual({ ok: false, reason: 'expired' });
  });

  it('rejects the previous owner’s code once the ticket has a new version', async () => {
    const oldCode = await codeAt(t0, 1);
    await expect(check(oldCode, t0, 2)).resolves.toEqual({ ok: false, reason: 'old_version' });
    // and the old key cannot produce a code for the new version either
    const oldKey = await deriveCodeKey(secret, ticketId, 1);
    const spoofed = await generateTicketCode({ ticketId, version: 2, codeKey: oldKey }, t0);
    await expect(check(spoofed, t0, 2)).resolves.toEqual({ ok: false, reason: 'forged' });
  });

  it('rejects a forged HMAC and a code made with another key', async () => {
    const payload = await codeAt(t0);
    const parts = payload.split('.');
    const flipped = parts[4][0] === 'A' ? 'B' : 'A';
    const forged = [...parts.slice(0, 4), flipped + parts[4].slice(1)].join('.');
    await expect(check(forged, t0)).resolves.toEqual({ ok: false, reason: 'forged' });
    const otherKey = await deriveCodeKey('another-secret', ticketId, 1);
    await expect(check(await codeAt(t0, 1, otherKey), t0)).resolves.toEqual({ ok: false, reason: 'forged' });
    // moving the step forward without the key does not make a screenshot current
    const moved = [parts[0], parts[1], parts[2], String(timeStep(t0) + 4), parts[4]].join('.');
    await expect(check(moved, t0 + 4 * step)).resolves.toEqual({ ok: false, reason: 'forged' });
  });

  it('does not parse foreign or malformed payloads', () => {
    expect(parseTicketCode('https://example.com')).toBeNull();
    expect(parseTicketCode('TRB1.not-a-uuid.1.1.AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(parseTicketCode(`TRB1.${ticketId}.1.1`)).toBeNull();
    expect(parseTicketCode('x'.repeat(500))).toBeNull();
  });

  it('derives a different key per version, so a new secret is not needed to revoke old codes', async () => {
    expect(await deriveCodeKey(secret, ticketId, 1)).not.toEqual(await deriveCodeKey(secret, ticketId, 2));
  });
});

describe('the two HMAC implementations', () => {
  it('derive the same keys and draw the same codes, so a phone’s code passes the server’s gate', async () => {
    const webKey = await webCodes.deriveCodeKey(secret, ticketId, 3);
    expect(await serverCodes.deriveCodeKey(secret, ticketId, 3)).toBe(webKey);
    const drawn = await webCodes.generateTicketCode({ ticketId, version: 3, codeKey: webKey }, t0);
    expect(await serverCodes.generateTicketCode({ ticketId, version: 3, codeKey: webKey }, t0)).toBe(drawn);
    await expect(serverCodes.verifyTicketCode(parseTicketCode(drawn)!, { version: 3, codeKey: webKey }, t0)).resolves.toMatchObject({ ok: true });
  });
});
