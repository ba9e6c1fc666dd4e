import { randomBytes } from 'node:crypto';
import { checkOffline } from '@/components/scanner/offline-gate';
import type { GateState } from '@/components/scanner/types';
import { generateTicketCode, STEP_SECONDS } from '@/lib/ticket-code/code';
import { publicKeyFor, signingKeyFor } from '@/lib/ticket-code/keys';

const id = '9b2f4c1e-1d2e-4f3a-8b4c-5d6e7f8a9b0c';
const listedId = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const giftedId = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b';
const HOUR = 3_600_000;
const anyKey = () => randomBytes(32).toString('base64url');

/** A gate's downloaded data: public keys only, and the event's entry window (open since an hour ago). */
function gate(window = { opensAt: new Date(Date.now() - HOUR).toISOString(), closesAt: new Date(Date.now() + 4 * HOUR).toISOString() }): GateState {
  return {
    dataset: {
      format: 'ed25519-public-keys',
      event: { id: 'e', title: { sk: 'Zápas', cs: 'Zápas', en: 'Match' }, startsAt: new Date().toISOString() },
      window,
      generatedAt: new Date().toISOString(),
      validUntil: window.closesAt,
      tickets: [
        { id, version: 2, publicKey: publicKeyFor('secret', 2), status: 'valid', checkedInAt: null },
        { id: listedId, version: 1, publicKey: null, status: 'listed', checkedInAt: null },
        { id: giftedId, version: 1, publicKey: null, status: 'valid', checkedInAt: null, giftPending: true },
      ],
    },
    queue: [],
  };
}

/** What the holder's phone draws with the signing key it gets from GET /api/v1/tickets. */
const phoneCode = (nowMs = Date.now(), version = 2, signingKey = signingKeyFor('secret', version)) => generateTicketCode({ ticketId: id, version, signingKey }, nowMs);

describe('offline gate check (downloaded public keys, no network)', () => {
  it('a concession ticket answers with the card to check (lib/server/concessions)', async () => {
    const state = gate();
    state.dataset.tickets[0] = { ...state.dataset.tickets[0], card: 'ztp_s' };
    const first = await checkOffline(state, await phoneCode());
    expect(first.answer).toMatchObject({ result: 'admitted', card: 'ztp_s', offline: true });
    expect((await checkOffline(first.state, await phoneCode())).answer).toMatchObject({ result: 'already_used', card: 'ztp_s' });
  });

  it('does not admit a named ticket whose holder the data withheld (downloaded too early): no name to check the ID against', async () => {
    const state = gate();
    state.dataset.tickets[0] = { ...state.dataset.tickets[0], holderWithheld: true };
    const { answer, state: after } = await checkOffline(state, await phoneCode());
    expect(answer).toMatchObject({ result: 'not_valid', reason: 'holder_missing', offline: true });
    expect(after.queue).toHaveLength(0);
  });

  it('admits a current code once, queues the check-in with the code it scanned, then says already used', async () => {
    const state = gate();
    const code = await phoneCode();
    const first = await checkOffline(state, code);
    expect(first.answer).toMatchObject({ result: 'admitted', offline: true });
    // the server checks the check-in against the code (POST /api/v1/scan/sync): the payload as scanned, at the time it was checked
    expect(first.state.queue).toEqual([{ ticketId: id, version: 2, scannedAt: first.answer.checkedInAt, payload: code }]);
    const second = await checkOffline(first.state, code);
    expect(second.answer).toMatchObject({ result: 'already_used', checkedInAt: first.answer.checkedInAt });
    expect(second.state.queue).toHaveLength(1);
  });

  it('queues the code as the phone drew it, without what a hand scanner adds around it', async () => {
    const code = await phoneCode();
    const { state } = await checkOffline(gate(), ` ${code}\r\n`);
    expect(state.queue.map((item) => item.payload)).toEqual([code]);
  });

  it('cannot mint: a code drawn with anything in the gate’s data is a forgery', async () => {
    const state = gate();
    const held = state.dataset.tickets[0].publicKey!;
    const minted = await generateTicketCode({ ticketId: id, version: 2, signingKey: held }, Date.now());
    expect((await checkOffline(state, minted)).answer).toEqual({ result: 'invalid', offline: true });
    expect(JSON.stringify(state.dataset)).not.toContain(signingKeyFor('secret', 2));
  });

  it('refuses screenshots, old versions, forgeries, listed, gifted and unknown tickets', async () => {
    const state = gate();
    expect((await checkOffline(state, await phoneCode(Date.now() - 3 * STEP_SECONDS * 1000))).answer.result).toBe('expired');
    expect((await checkOffline(state, await phoneCode(Date.now(), 1))).answer).toMatchObject({ result: 'not_valid', reason: 'old_version' });
    expect((await checkOffline(state, await phoneCode(Date.now(), 2, anyKey()))).answer.result).toBe('invalid');
    const listed = await generateTicketCode({ ticketId: listedId, version: 1, signingKey: anyKey() });
    expect((await checkOffline(state, listed)).answer).toMatchObject({ result: 'not_valid', reason: 'listed' });
    const gifted = await generateTicketCode({ ticketId: giftedId, version: 1, signingKey: anyKey() });
    expect((await checkOffline(state, gifted)).answer).toMatchObject({ result: 'not_valid', reason: 'gift_pending' });
    const unknown = await generateTicketCode({ ticketId: '11111111-2222-4333-8444-555555555555', version: 1, signingKey: anyKey() });
    expect((await checkOffline(state, unknown)).answer.result).toBe('invalid');
    expect((await checkOffline(state, 'not a code')).answer.result).toBe('invalid');
  });

  it('refuses a genuine code before the doors open and after the entry window closed, and queues nothing', async () => {
    const tomorrow = { opensAt: new Date(Date.now() + 23 * HOUR).toISOString(), closesAt: new Date(Date.now() + 28 * HOUR).toISOString() };
    const early = await checkOffline(gate(tomorrow), await phoneCode());
    expect(early.answer).toMatchObject({ result: 'not_valid', reason: 'too_early', window: tomorrow });
    expect(early.state.queue).toEqual([]);
    const lastWeek = { opensAt: new Date(Date.now() - 7 * 24 * HOUR).toISOString(), closesAt: new Date(Date.now() - 7 * 24 * HOUR + 5 * HOUR).toISOString() };
    const late = await checkOffline(gate(lastWeek), await phoneCode());
    expect(late.answer).toMatchObject({ result: 'not_valid', reason: 'too_late', window: lastWeek });
    expect(late.state.queue).toEqual([]);
  });
});
