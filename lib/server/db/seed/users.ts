import { hashPassword } from '../../auth/password';
import type { Db } from '../client';
import * as s from '../schema';

/** Password of every demo account (shown in the README). */
export const DEMO_PASSWORD = 'tribuna-demo';

const demoUsers = [
  { email: 'fan@tribuna.sk', firstName: 'Jana', lastName: 'Nováková', sex: 'female', dateOfBirth: '1994-03-12', locale: 'sk' },
  { email: 'fanusik@tribuna.cz', firstName: 'Petr', lastName: 'Dvořák', sex: 'male', dateOfBirth: '1989-09-30', locale: 'cs' },
  { email: 'supporter@tribuna.eu', firstName: 'Alex', lastName: 'Morgan', sex: 'not-to-say', dateOfBirth: '2000-01-05', locale: 'en' },
] as const;

export async function seedUsers(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(s.users)
    // Seeded verified: the demo's gifts between these accounts arrive at once.
    .values(demoUsers.map((u) => ({ ...u, passwordHash, emailVerifiedAt: new Date() })))
    .onConflictDoNothing();
}
