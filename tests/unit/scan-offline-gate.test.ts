import { checkOffline } from '@/components/scanner/offline-gate';
import type { GateState } from '@/components/scanner/types';
import { deriveCodeKey, generateTicketCode, STEP_SECONDS } from '@/lib/ticket-code/code';

const id = '9b2f4c1e-1d2e-4f3a-8b4c-5d6e7f8a9b0c';
const listedId = '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const giftedId = '7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a0b';

async function gate(): Promise<GateState> {
  return {
    dataset: {
      event: { id: 'e', title: { sk: 'Zápas', cs: 'Zápas', en: 'Match' }, startsAt: new Date().toISOString() },
      generatedAt: new Date().toISOString(),
      validUntil: new Date(Date.now() + 3_600_000).toISOString(),
      tickets: [
        { id, version: 2, codeKey: await deriveCodeKey('secret', id, 2), status: 'valid', checkedInAt: null },
        { id: listedId, version: 1, codeKey: null, status: 'listed', checkedInAt: null },
        { id: giftedId, version: 1, codeKey: null, status: 'valid', checkedInAt: null, giftPending: true },
      ],
    },
    queue: [],
  };
}

describe('offline gate check (downloaded code keys, no network)', () => {
  it('admits a current code once, queues the check-in, then says already used', async () => {
    const state = await gate();
    const code = await generateTicketCode({ ticketId: id, version: 2, codeKey: state.dataset.tickets[0].codeKey! });
    const first = await checkOffline(state, code);
    expect(first.answer).toMatchObject({ result: 'admitted', offline: true });
    expect(first.state.queue).toEqual([expect.objectContaining({ ticketId: id, version: 2 })]);
    const second = await checkOffline(first.state, code);
    expect(second.answer).toMatchObject({ result: 'already_used', checkedInAt: first.answer.checkedInAt });
    expect(second.state.queue).toHaveLength(1);
  });

  it('refuses screenshots, old versions, forgeries, listed, gifted and unknown tickets', async () => {
    const state = await gate();
    const key = state.dataset.tickets[0].codeKey!;
    const stale = await generateTicketCode({ ticketId: id, version: 2, codeKey: key }, Date.now() - 3 * STEP_SECONDS * 1000);
    expect((await checkOffline(state, stale)).answer.result).toBe('expired');
    const previousHolder = await generateTicketCode({ ticketId: id, version: 1, codeKey: await deriveCodeKey('secret', id, 1) });
    expect((await checkOffline(state, previousHolder)).answer).toMatchObject({ result: 'not_valid', reason: 'old_version' });
    const forged = await generateTicketCode({ ticketId: id, version: 2, codeKey: 'guessed' });
    expect((await checkOffline(state, forged)).answer.result).toBe('invalid');
    const listed = await generateTicketCode({ ticketId: listedId, version: 1, codeKey: 'x' });
    expect((await checkOffline(state, listed)).answer).toMatchObject({ result: 'not_valid', reason: 'listed' });
    const gifted = await generateTicketCode({ ticketId: giftedId, version: 1, codeKey: 'x' });
    expect((await checkOffline(state, gifted)).answer).toMatchObject({ result: 'not_valid', reason: 'gift_pending' });
    const unknown = await generateTicketCode({ ticketId: '11111111-2222-4333-8444-555555555555', version: 1, codeKey: 'x' });
    expect((await checkOffline(state, unknown)).answer.result).toBe('invalid');
    expect((await checkOffline(state, 'not a code')).answer.result).toBe('invalid');
  });
});
