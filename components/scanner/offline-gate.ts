'use client';

// Validating codes at a gate with no network, against the event's downloaded public keys (they verify
// the codes phones sign and cannot draw one); the check-ins made meanwhile wait in a queue, each with
// the code scanned, and are replayed by POST /api/v1/scan/sync, which verifies those codes again.
import { parseTicketCode, verifyTicketCode } from '@/lib/ticket-code/code';
import { outsideWindow } from '@/lib/ticket-code/window';
import { loadGateData, saveGateData } from '@/lib/client/offline-tickets';
import { GATE_DATA_FORMAT, type GateState, type ScanAnswer } from './types';

export async function loadGate(eventId: string): Promise<GateState | null> {
  const state = await loadGateData<GateState>(eventId);
  if (!state) return null;
  // Data of an older format (code keys) is dropped: download again. Check-ins still waiting are kept for the sync.
  if (state.dataset.format !== GATE_DATA_FORMAT) return state.queue.length ? { ...state, dataset: { ...state.dataset, tickets: [] } } : null;
  if (new Date(state.dataset.validUntil).getTime() < Date.now() && state.queue.length === 0) return null;
  return state;
}

export function saveGate(eventId: string, state: GateState): Promise<void> {
  return saveGateData(eventId, state);
}

/** The same checks as the server's scan, on the device; admits by marking the local copy and queueing. */
export async function checkOffline(state: GateState, payload: string, now = Date.now(), gate?: string): Promise<{ answer: ScanAnswer; state: GateState }> {
  const code = parseTicketCode(payload);
  const ticket = code && state.dataset.tickets.find((t) => t.id === code.ticketId);
  if (!code || !ticket) return { answer: { result: 'invalid', offline: true }, state };
  if (ticket.publicKey) {
    const check = await verifyTicketCode(code, { version: ticket.version, publicKey: ticket.publicKey }, now);
    if (!check.ok) {
      if (check.reason === 'forged') return { answer: { result: 'invalid', offline: true }, state };
      const result = check.reason === 'old_version' ? 'not_valid' : 'expired';
      return { answer: { result, reason: check.reason === 'old_version' ? 'old_version' : undefined, ticketId: ticket.id, offline: true }, state };
    }
    const refused = outsideWindow(state.dataset.window, now);
    if (refused) return { answer: { result: 'not_valid', reason: refused, window: state.dataset.window, ticketId: ticket.id, offline: true }, state };
  }
  // A named ticket (risk match): the holder whose ID the gate checks.
  // A concession ticket: the card the gate checks (student, ZŤP…).
  const holder = { ...(ticket.holder ? { holder: ticket.holder } : {}), ...(ticket.card ? { card: ticket.card } : {}) };
  if (ticket.status === 'checked_in') return { answer: { result: 'already_used', checkedInAt: ticket.checkedInAt ?? undefined, ticketId: ticket.id, offline: true, ...holder }, state };
  if (ticket.giftPending) return { answer: { result: 'not_valid', reason: 'gift_pending', ticketId: ticket.id, offline: true }, state };
  // Data downloaded before the holders were served: no name to check an ID against (the console downloads again).
  if (ticket.holderMissing || ticket.holderWithheld) return { answer: { result: 'not_valid', reason: 'holder_missing', ticketId: ticket.id, offline: true }, state };
  if (ticket.status !== 'valid' || !ticket.publicKey) {
    return { answer: { result: 'not_valid', reason: ticket.status === 'listed' ? 'listed' : 'void', ticketId: ticket.id, offline: true }, state };
  }
  const scannedAt = new Date(now).toISOString();
  const next: GateState = {
    dataset: { ...state.dataset, tickets: state.dataset.tickets.map((t) => (t.id === ticket.id ? { ...t, status: 'checked_in', checkedInAt: scannedAt } : t)) },
    // The code itself goes with the check-in: the server admits only what a phone showed (ids and versions are in every gate's data).
    // …and the gate the device stands at, as an online scan names it.
    queue: [...state.queue, { ticketId: ticket.id, version: ticket.version, scannedAt, payload: payload.trim(), ...(gate ? { gate } : {}) }],
  };
  return { answer: { result: 'admitted', ticketId: ticket.id, checkedInAt: scannedAt, offline: true, ...holder }, state: next };
}
