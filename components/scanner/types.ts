export type Localized = { sk: string; cs: string; en: string };
export type ScannerEvent = { id: string; slug: string; title: Localized; startsAt: string; organisation: string };
export type ScanOutcome = 'admitted' | 'already_used' | 'invalid' | 'wrong_event' | 'expired' | 'not_valid';
export type ScanAnswer = {
  result: ScanOutcome;
  reason?: 'old_version' | 'listed' | 'gift_pending' | 'void' | 'too_early' | 'too_late';
  /** When the event's gates open and close (with a too_early / too_late reason). */
  window?: GateWindow;
  ticketId?: string;
  checkedInAt?: string;
  event?: { id: string; title: Localized };
  ticket?: { type: Localized; seat: { section: Localized; row: string; seat: string } | null };
  offline?: boolean;
};
export type GateWindow = { opensAt: string; closesAt: string };
/** Public keys only (lib/server/scan/offline.ts): a gate can check a code, never draw one. */
export const GATE_DATA_FORMAT = 'ed25519-public-keys';
export type GateTicket = { id: string; version: number; publicKey: string | null; status: 'valid' | 'listed' | 'checked_in' | 'void'; checkedInAt: string | null; giftPending?: boolean };
export type GateDataset = {
  format: typeof GATE_DATA_FORMAT;
  event: { id: string; title: Localized; startsAt: string };
  window: GateWindow;
  generatedAt: string;
  validUntil: string;
  tickets: GateTicket[];
};
/**
 * A check-in made offline, waiting for POST /api/v1/scan/sync: with the code the gate scanned, which the
 * server verifies against the ticket and scannedAt. (Check-ins queued by an earlier version have none;
 * the sync answers them not_valid, and the queue empties.)
 */
export type GateQueueItem = { ticketId: string; version: number; scannedAt: string; payload: string };
export type GateState = { dataset: GateDataset; queue: GateQueueItem[] };
