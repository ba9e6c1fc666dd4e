import 'server-only';
import { eq } from 'drizzle-orm';
import { maskIban } from '@/lib/payouts/iban';
import type { BankAccountInput, BankAccountView } from '@/lib/schemas/payouts';
import { getDb, tables } from '@/lib/server/db';

// The acting user's own bank account for resale payouts (one per user). The IBAN is stored whole —
// the payout file needs it — and leaves this module only masked.

type Row = typeof tables.bankAccounts.$inferSelect;

function view(row: Row): BankAccountView {
  return { iban: maskIban(row.iban), holderName: row.holderName, bic: row.bic, updatedAt: row.updatedAt.toISOString() };
}

export async function getBankAccount(actor: { id: string }): Promise<BankAccountView | null> {
  const [row] = await getDb().select().from(tables.bankAccounts).where(eq(tables.bankAccounts.userId, actor.id));
  return row ? view(row) : null;
}

/**
 * Adds or replaces the account (input parsed with bankAccountSchema: the IBAN valid and in the electronic
 * format). A payout already in a prepared run keeps the account its file names.
 */
export async function setBankAccount(actor: { id: string }, input: BankAccountInput, now = new Date()): Promise<BankAccountView> {
  const values = { iban: input.iban, holderName: input.holderName, bic: input.bic, updatedAt: now };
  const [row] = await getDb()
    .insert(tables.bankAccounts)
    .values({ userId: actor.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: tables.bankAccounts.userId, set: values })
    .returning();
  return view(row);
}

/** Removes the account: due payouts wait until a new one is added. */
export async function removeBankAccount(actor: { id: string }): Promise<void> {
  await getDb().delete(tables.bankAccounts).where(eq(tables.bankAccounts.userId, actor.id));
}
