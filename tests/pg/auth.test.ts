// Concurrency proofs for accounts on real PostgreSQL: a reset link works exactly once however many
// requests race with it; rate-limit counters lose no hit across parallel attempts; one email, one account.
// Run: npm run test:pg -- tests/pg/auth.test.ts
import { and, eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { requestPasswordReset, resetPassword } from '@/lib/server/auth/password-reset';
import { confirmEmailVerification } from '@/lib/server/auth/email-verification';
import { hitRateLimit } from '@/lib/server/rate-limit';
import { createUser, updateProfile, verifyCredentials } from '@/lib/server/users';
import { isPostgresRun, useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const describePg = isPostgresRun() ? describe : describe.skip;

const form = (email: string) => ({ firstName: 'Race', lastName: 'Condition', sex: 'other' as const, dateOfBirth: '1990-01-01', email, password: 'old-password-1', confirmPassword: 'old-password-1' });

describePg('accounts under concurrency (PostgreSQL)', () => {
  it('20 parallel resets with one token: exactly one succeeds', async () => {
    const email = 'racer@example.com';
    const created = await createUser(form(email), 'en');
    expect(created.ok).toBe(true);
    await requestPasswordReset(email, 'en');
    // The reset mail (sign-up also mailed a verification link).
    const [mail] = await t.db.select().from(s.emailOutbox).where(and(eq(s.emailOutbox.toAddress, email), eq(s.emailOutbox.kind, 'password-reset')));
    const token = new URL(/https?:\/\/\S+/.exec(mail.textBody)![0]).searchParams.get('token')!;
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => resetPassword({ token, email, password: `new-password-${i}` })));
    const winners = results.map((r, i) => (r.ok ? i : -1)).filter((i) => i >= 0);
    expect(winners).toHaveLength(1);
    expect(await verifyCredentials(email, `new-password-${winners[0]}`)).not.toBeNull();
    const resets = await t.db.select().from(s.passwordResets).where(eq(s.passwordResets.userId, (created as { user: { id: string } }).user.id));
    expect(resets.every((r) => r.usedAt)).toBe(true);
  });

  it('100 parallel hits on one key count 1…100 without losing one', async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 100 }, () => hitRateLimit('pg-test:key', { limit: 10 }, now)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('10 parallel sign-ups with one email create one account', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => createUser(form('twins@example.com'), 'sk')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.code === 'EMAIL_TAKEN')).toHaveLength(9);
    expect(await t.db.select().from(s.users).where(eq(s.users.email, 'twins@example.com'))).toHaveLength(1);
  });

  it('an email change link used 20 times at once changes the address once, and two accounts racing for one address end with one', async () => {
    const mover = await createUser(form('mover@example.com'), 'en');
    const rival = await createUser(form('rival@example.com'), 'en');
    if (!mover.ok || !rival.ok) throw new Error('sign-up failed');
    const target = 'wanted@example.com';
    for (const user of [mover.user, rival.user]) {
      const changed = await updateProfile(user.id, { firstName: 'Race', lastName: 'Condition', email: target, dateOfBirth: '1990-01-01', currentPassword: 'old-password-1' }, { locale: 'en', sessionId: null });
      expect(changed.ok).toBe(true);
    }
    const mails = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, target));
    const tokens = mails.filter((m) => m.kind === 'email-change').map((m) => new URL(/https?:\/\/\S+/.exec(m.textBody)![0]).searchParams.get('token')!);
    expect(tokens).toHaveLength(2);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const user = i % 2 ? rival.user : mover.user;
        return confirmEmailVerification({ token: tokens[i % 2 ? 1 : 0] }, { userId: user.id, sessionId: '00000000-0000-0000-0000-000000000000' });
      }),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const owners = await t.db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, target));
    expect(owners).toHaveLength(1);
  });
});

