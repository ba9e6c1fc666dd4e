import 'server-only';
import { getDb, tables } from '@/lib/server/db';
import type { Db, Tx } from '@/lib/server/db/client';

// The one writer of the audit log (lib/server/db/schema.ts auditLog). Call it in the transaction that makes
// the change, so the entry exists exactly when the change does. Never pass secrets (passwords, tokens,
// codes, keys) in `before`/`after`: an IBAN or a tax number is data the owner may read, a password is not.

export type AuditEntry = {
  actorId: string | null;
  orgId: string | null;
  /** A dotted code: 'order.refund', 'ticket.void', 'organisation.bank_account', 'application.approve', … */
  action: string;
  subjectType: string;
  subjectId: string;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export async function recordAudit(entry: AuditEntry, tx: Db | Tx = getDb()): Promise<string> {
  const [row] = await tx
    .insert(tables.auditLog)
    .values({ ...entry, reason: entry.reason ?? null, before: entry.before ?? null, after: entry.after ?? null })
    .returning({ id: tables.auditLog.id });
  return row.id;
}
