// The gate's client types: what the scan endpoints answer, inferred from their schemas (lib/schemas/tickets.ts).
import type { OfflineDataset, ScanResult } from '@/lib/schemas/tickets';

export type { ScannerEvent } from '@/lib/schemas/tickets';
/** An answer at the gate; `offline` when the device decided it from its own data. */
export type ScanAnswer = ScanResult & { offline?: boolean };
/** Public keys only (lib/server/scan/offline.ts): a gate can check a code, never draw one. */
export { OFFLINE_FORMAT as GATE_DATA_FORMAT } from '@/lib/schemas/tickets';
export type GateDataset = OfflineDataset;
/**
 * A check-in made offline, waiting for POST /api/v1/scan/sync: with the code the gate scanned, which the
 * server verifies against the ticket and scannedAt. (Check-ins queued by an earlier version have none;
 * the sync answers them not_valid, and the queue empties.)
 */
export type GateQueueItem = { ticketId: string; version: number; scannedAt: string; payload: string; gate?: string };
export type GateState = { dataset: GateDataset; queue: GateQueueItem[] };
