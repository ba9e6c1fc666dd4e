import QRCode from 'qrcode';
import * as webCodes from '@/lib/ticket-code/code';
import { msUntilNextStep, parseTicketCode, STEP_SECONDS, timeStep } from '@/lib/ticket-code/code';
import { newTicketKeys, publicKeyFor, signingKeyFor } from '@/lib/ticket-code/keys';
import * as serverCodes from '@/lib/server/tickets/codes';

const ticketId = '3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e5f';
const secret = 'k3H1tQm0Jx9u2y-8vY0s5bFq1nA7cZ4eW6rT3pL2oM8';
const step = STEP_SECONDS * 1000;
// A fixed moment well inside a step, so ± one step never crosses two boundaries by accident.
const t0 = Date.UTC(2026, 10, 22, 18, 0, 0) + 2_000;

// The phone's and offline gate's @noble/ed25519 and the server's node:crypto must behave alike.
describe.each([
  ['@noble/ed25519 (phone, offline gate)', webCodes],
  ['node:crypto (server)', serverCodes],
])('rotating ticket codes with %s', (_name, { generateTicketCode, verifyTicketCode }) => {
  async function codeAt(nowMs: number, version = 1, signingKey = signingKeyFor(secret, version)) {
    return generateTicketCode({ ticketId, version, signingKey }, nowMs);
  }

  async function check(payload: string, nowMs: number, version = 1) {
    const parsed = parseTicketCode(payload);
    if (!parsed) return { ok: false, reason: 'malformed' } as const;
    return verifyTicketCode(parsed, { version, publicKey: publicKeyFor(secret, version) }, nowMs);
  }

  it('changes every 15-second step and carries id, version and step', async () => {
    const a = await codeAt(t0);
    const b = await codeAt(t0 + step);
    expect(a).not.toEqual(b);
    expect(await codeAt(t0 + 5_000)).toEqual(a);
    expect(a).toMatch(/^TRB2\./);
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
    // and the old signing key cannot produce a code for the new version either
    const spoofed = await codeAt(t0, 2, signingKeyFor(secret, 1));
    await expect(check(spoofed, t0, 2)).resolves.toEqual({ ok: false, reason: 'forged' });
  });

  it('rejects a forged signature, a code signed with another key, and one signed with the gate’s public key', async () => {
    const payload = await codeAt(t0);
    const parts = payload.split('.');
    const flipped = parts[4][0] === 'A' ? 'B' : 'A';
    const forged = [...parts.slice(0, 4), flipped + parts[4].slice(1)].join('.');
    await expect(check(forged, t0)).resolves.toEqual({ ok: false, reason: 'forged' });
    await expect(check(await codeAt(t0, 1, signingKeyFor('another-secret', 1)), t0)).resolves.toEqual({ ok: false, reason: 'forged' });
    // what a gate holds verifies codes; used as a signing key it draws nothing the gate accepts
    await expect(check(await codeAt(t0, 1, publicKeyFor(secret, 1)), t0)).resolves.toEqual({ ok: false, reason: 'forged' });
    // moving the step forward without the key does not make a screenshot current
    const moved = [parts[0], parts[1], parts[2], String(timeStep(t0) + 4), parts[4]].join('.');
    await expect(check(moved, t0 + 4 * step)).resolves.toEqual({ ok: false, reason: 'forged' });
    // nor does another ticket's id under this ticket's signature
    const otherId = [parts[0], '3f1c2a4e-8b7d-4c1a-9e2f-0a1b2c3d4e60', ...parts.slice(2)].join('.');
    await expect(check(otherId, t0)).resolves.toEqual({ ok: false, reason: 'forged' });
  });

  it('does not parse foreign, malformed or old-format (TRB1 HMAC) payloads', () => {
    expect(parseTicketCode('https://example.com')).toBeNull();
    expect(parseTicketCode('TRB2.not-a-uuid.1.1.' + 'A'.repeat(86))).toBeNull();
    expect(parseTicketCode(`TRB2.${ticketId}.1.1`)).toBeNull();
    expect(parseTicketCode(`TRB1.${ticketId}.1.${timeStep(t0)}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
    expect(parseTicketCode('x'.repeat(500))).toBeNull();
  });
});

describe('ticket keys and the two Ed25519 implementations', () => {
  it('a new secret or version gives new keys; the public key is not the signing key', () => {
    expect(signingKeyFor(secret, 1)).not.toEqual(signingKeyFor(secret, 2));
    expect(publicKeyFor(secret, 1)).not.toEqual(publicKeyFor(secret, 2));
    expect(publicKeyFor(secret, 1)).not.toEqual(signingKeyFor(secret, 1));
    const fresh = newTicketKeys();
    expect(fresh.codePublicKey).toBe(publicKeyFor(fresh.secret, 1));
    expect(newTicketKeys(4).codePublicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('draw the same code (Ed25519 is deterministic), and each verifies the other’s', async () => {
    const signingKey = signingKeyFor(secret, 3);
    const publicKey = publicKeyFor(secret, 3);
    const drawn = await webCodes.generateTicketCode({ ticketId, version: 3, signingKey }, t0);
    expect(await serverCodes.generateTicketCode({ ticketId, version: 3, signingKey }, t0)).toBe(drawn);
    await expect(serverCodes.verifyTicketCode(parseTicketCode(drawn)!, { version: 3, publicKey }, t0)).resolves.toMatchObject({ ok: true });
    await expect(webCodes.verifyTicketCode(parseTicketCode(drawn)!, { version: 3, publicKey }, t0)).resolves.toMatchObject({ ok: true });
  });

  it('keeps the QR code small enough for a quick scan: 140 characters, a version-8 code at error correction M', async () => {
    const payload = await webCodes.generateTicketCode({ ticketId, version: 1, signingKey: signingKeyFor(secret, 1) }, t0);
    expect(payload).toHaveLength(140);
    expect(QRCode.create(payload, { errorCorrectionLevel: 'M' }).version).toBeLessThanOrEqual(8);
  });
});
