export type Localized = { sk: string; cs: string; en: string };
export type ScannerEvent = { id: string; slug: string; title: Localized; startsAt: string; organisation: string };
export type ScanOutcome = 'admitted' | 'already_used' | 'invalid' | 'wrong_event' | 'expired' | 'not_valid';
export type ScanAnswer = {
  result: ScanOutcome;
  reason?: 'old_version' | 'listed' | 'gift_pending' | 'void';
  ticketId?: string;
  checkedInAt?: string;
  event?: { id: string; title: Localized };
  ticket?: { type: Localized; seat: { section: Localized; row: string; seat: string } | null };
  offline?: boolean;
};
export type GateTicket = { id: string; version: number; codeKey: string | null; status: 'valid' | 'listed' | 'checked_in' | 'void'; checkedInAt: string | null; giftPending?: boolean };
export type GateDataset = { event: { id: string; title: Localized; startsAt: string }; generatedAt: string; validUntil: string; tickets: GateTicket[] };
export type GateQueueItem = { ticketId: string; version: number; scannedAt: string };
export type GateState = { dataset: GateDataset; queue: GateQueueItem[] };
