import { eq } from 'drizzle-orm';
import * as s from '@/lib/server/db/schema';
import { sendAccountVerification } from '@/lib/server/auth/email-verification';
import { requestPasswordReset } from '@/lib/server/auth/password-reset';
import { sendEmail } from '@/lib/server/email';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();

type Sent = { to: string; subject: string; text: string; html?: string };
const mailer = globalThis as unknown as { __tribunaMailer?: { sendMail: (mail: Sent) => Promise<unknown> } | null };
let sent: Sent[] = [];
let failNext = false;

beforeAll(() => {
  process.env.SMTP_URL = 'smtp://mail.example.test:25';
  // The transport nodemailer would build from SMTP_URL, replaced by one that records (or fails).
  mailer.__tribunaMailer = {
    sendMail: async (mail) => {
      if (failNext) {
        failNext = false;
        throw new Error('connection refused');
      }
      sent.push(mail);
      return {};
    },
  };
});
afterAll(() => {
  delete process.env.SMTP_URL;
  mailer.__tribunaMailer = undefined;
});
beforeEach(() => {
  sent = [];
});

async function outbox(to: string) {
  return t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to));
}
async function settled(to: string) {
  for (let i = 0; i < 100; i++) {
    const rows = await outbox(to);
    if (rows.length && rows.every((r) => r.sentAt || r.error)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`mail to ${to} never settled`);
}
async function makeAccount(email: string) {
  await t.db.insert(s.users).values({ email, firstName: 'Mária', lastName: 'Test', locale: 'sk', passwordHash: 'x' });
}

describe('the outbox with SMTP configured', () => {
  it('delivers a reset link by SMTP and keeps no link in email_outbox once sent', async () => {
    const email = 'outbox.reset@example.com';
    await makeAccount(email);
    await requestPasswordReset(email, 'sk');
    const [row] = await settled(email);
    expect(sent).toHaveLength(1);
    const link = /https?:\/\/\S+token=\S+/.exec(sent[0].text)?.[0];
    expect(link).toBeTruthy();
    expect(row).toMatchObject({ kind: 'password-reset', sentAt: expect.any(Date), error: null });
    // Who got what and when stays; the body with its single-use link does not.
    expect(row.textBody).not.toContain('token=');
    expect(row.htmlBody ?? '').not.toContain('token=');
    expect(JSON.stringify(row)).not.toContain(new URL(link!).searchParams.get('token')!);
  });

  it('does not keep the link of a mail SMTP refused either (nothing retries it)', async () => {
    const email = 'outbox.refused@example.com';
    await makeAccount(email);
    failNext = true;
    await requestPasswordReset(email, 'en');
    const [row] = await settled(email);
    expect(row.error).toContain('connection refused');
    expect(row.textBody).not.toContain('token=');
  });

  it('keeps no email verification link once sent', async () => {
    const email = 'outbox.verify@example.com';
    await makeAccount(email);
    const [user] = await t.db.select().from(s.users).where(eq(s.users.email, email));
    await sendAccountVerification({ id: user.id, email, firstName: user.firstName }, 'en');
    const [row] = await settled(email);
    expect(sent[0].text).toMatch(/\/en\/verify-email\?token=/);
    expect(row).toMatchObject({ kind: 'email-verification', textBody: '', htmlBody: null });
  });

  it('keeps the body of an ordinary mail', async () => {
    const { delivery } = await sendEmail({ to: 'outbox.plain@example.com', locale: 'en', kind: 'order-paid', subject: 'Paid', text: 'Your order https://example.test/orders/1 is paid.' });
    await delivery;
    const [row] = await outbox('outbox.plain@example.com');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.textBody).toBe('Your order https://example.test/orders/1 is paid.');
  });
});

describe('the outbox without SMTP (the demo)', () => {
  it('keeps the reset link for the loopback mailbox', async () => {
    const saved = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      const email = 'outbox.demo@example.com';
      await makeAccount(email);
      await requestPasswordReset(email, 'cs');
      const [row] = await outbox(email);
      expect(row.sentAt).toBeNull();
      expect(row.textBody).toMatch(/\/cs\/obnoveni-hesla\/nove\?token=/);
    } finally {
      process.env.SMTP_URL = saved;
    }
  });
});
