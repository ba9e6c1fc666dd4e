'use client';

// Validating codes at a gate with no network, against the event's downloaded code keys; the
// check-ins made meanwhile wait in a queue and are replayed by POST /api/v1/scan/sync.
import { parseTicketCode, verifyTicketCode } from '@/lib/ticket-code/code';
import { loadGateData, saveGateData } from '@/lib/client/offline-tickets';
import type { GateState, ScanAnswer } from './types';

export async function loadGate(eventId: string): Promise<GateState | null> {
  const state = await loadGateData<GateState>(eventId);
  if (!state) return null;
  if (new Date(state.dataset.validUntil).getTime() < Date.now() && state.queue.length === 0) return null;
  return state;
}

export function saveGate(eventId: string, state: GateState): Promise<void> {
  return saveGateData(eventId, state);
}

/** The same checks as the server's scan, on the device; admits by marking the local copy and queueing. */
export async function checkOffline(state: GateState, payload: string, now = Date.now()): Promise<{ answer: ScanAnswer; state: GateState }> {
  const code = parseTicketCode(payload);
  const ticket = code && state.dataset.tickets.find((t) => t.id === code.ticketId);
  if (!code || !ticket) return { answer: { result: 'invalid', offline: true }, state };
  if (ticket.status === 'checked_in') return { answer: { result: 'already_used', checkedInAt: ticket.checkedInAt ?? undefined, ticketId: ticket.id, offline: true }, state };
  if (ticket.giftPending) return { answer: { result: 'not_valid', reason: 'gift_pending', ticketId: ticket.id, offline: true }, state };
  if (ticket.status !== 'valid' || !ticket.codeKey) {
    return { answer: { result: 'not_valid', reason: ticket.status === 'listed' ? 'listed' : 'void', ticketId: ticket.id, offline: true }, state };
  }
  const check = await verifyTicketCode(code, { version: ticket.version, codeKey: ticket.codeKey }, now);
  if (!check.ok) {
    const result = check.reason === 'old_version' ? 'not_valid' : check.reason === 'expired' ? 'expired' : 'invalid';
    return { answer: { result, reason: check.reason === 'old_version' ? 'old_version' : undefined, ticketId: ticket.id, offline: true }, state };
  }
  const scannedAt = new Date(now).toISOString();
  const next: GateState = {
    dataset: { ...state.dataset, tickets: state.dataset.tickets.map((t) => (t.id === ticket.id ? { ...t, status: 'checked_in', checkedInAt: scannedAt } : t)) },
    queue: [...state.queue, { ticketId: ticket.id, version: ticket.version, scannedAt }],
  };
  return { answer: { result: 'admitted', ticketId: ticket.id, checkedInAt: scannedAt, offline: true }, state: next };
}
