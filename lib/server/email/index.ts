import 'server-only';
// Outgoing email. Every mail is stored in email_outbox first; when SMTP_URL is set it is also
// delivered through nodemailer (sentAt or error recorded on the row). Without SMTP the demo's
// mailbox (/dev/mailbox, only on the machine itself: mailboxAccess in lib/server/mode.ts) shows the
// outbox, so flows like password reset work on the embedded default.
//
//   await sendEmail({ to: user.email, locale: user.locale, kind: 'order-paid', subject, text, html });
//
// Texts come from messages namespace `email` (lib/server/api/translate.ts → translator(locale)).
import { desc, eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Locale } from '@/lib/i18n/routing';
import { getDb, tables, type Db, type Tx } from '@/lib/server/db';
import { log } from '@/lib/server/ops/log';

export type EmailInput = {
  to: string;
  locale: Locale;
  kind: string;
  subject: string;
  text: string;
  html?: string;
  /** Holds a secret (a reset or verification link): the outbox keeps its body only until SMTP has taken it. */
  sensitive?: boolean;
  /** Files sent with it (a tax document's PDF): SMTP gets the bytes, the outbox their names and sizes. */
  attachments?: EmailAttachment[];
};
export type EmailAttachment = { filename: string; content: Buffer; contentType: string };
export type SentEmail = { id: string; /** Settles when SMTP delivery finished (immediately without SMTP). Never rejects. */ delivery: Promise<void> };

const globalForMail = globalThis as unknown as { __tribunaMailer?: Transporter | null };

async function transporter(): Promise<Transporter | null> {
  const url = process.env.SMTP_URL;
  if (!url) return null;
  if (globalForMail.__tribunaMailer === undefined) {
    const nodemailer = await import('nodemailer');
    globalForMail.__tribunaMailer = nodemailer.createTransport(url);
  }
  return globalForMail.__tribunaMailer;
}

function mailFrom(): string {
  return process.env.MAIL_FROM || 'Tribuna <no-reply@tribuna.sk>';
}

/** Stores the mail and, with SMTP configured, delivers it in the background. */
export async function sendEmail(input: EmailInput): Promise<SentEmail> {
  const queued = await queueEmail(getDb(), input);
  return { id: queued.id, delivery: queued.deliver() };
}

export type QueuedEmail = { id: string; /** Hands it to SMTP (when configured); call once the transaction that stored it has committed. Never rejects. */ deliver: () => Promise<void> };

/**
 * Stores the mail in the caller's transaction, so it exists exactly when what it tells of was
 * committed (a cancellation's refund of an order: events/cancel.ts); `deliver()` after the commit.
 */
export async function queueEmail(db: Db | Tx, input: EmailInput): Promise<QueuedEmail> {
  const [row] = await db
    .insert(tables.emailOutbox)
    .values({
      toAddress: input.to,
      locale: input.locale,
      kind: input.kind,
      subject: input.subject,
      textBody: input.text,
      htmlBody: input.html ?? null,
      attachments: (input.attachments ?? []).map((file) => ({ filename: file.filename, size: file.content.length })),
    })
    .returning({ id: tables.emailOutbox.id });
  return { id: row.id, deliver: () => deliver(row.id, input).catch(() => {}) };
}

/**
 * A sensitive mail's body leaves the outbox once SMTP has had it, delivered or refused: a database
 * reader must not find live reset or verification links there, and nothing sends a mail twice.
 * Without SMTP (the demo) the body stays: the loopback mailbox is how the link is read.
 */
const purgedBody = { textBody: '', htmlBody: null };

async function deliver(id: string, input: EmailInput): Promise<void> {
  const transport = await transporter();
  if (!transport) return;
  const purge = input.sensitive ? purgedBody : {};
  try {
    await transport.sendMail({ from: mailFrom(), to: input.to, subject: input.subject, text: input.text, html: input.html, attachments: input.attachments });
    await getDb().update(tables.emailOutbox).set({ sentAt: new Date(), error: null, ...purge }).where(eq(tables.emailOutbox.id, id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log().error(`Email ${id} (${input.kind}) could not be delivered: ${message}`);
    await getDb().update(tables.emailOutbox).set({ error: message.slice(0, 500), ...purge }).where(eq(tables.emailOutbox.id, id));
  }
}

export type OutboxMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  locale: Locale;
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
  attachments: { filename: string; size: number }[];
};

/** Newest first; optionally only mails to one address. */
export async function listOutbox(options: { to?: string; limit?: number } = {}): Promise<OutboxMail[]> {
  const query = getDb()
    .select({
      id: tables.emailOutbox.id,
      to: tables.emailOutbox.toAddress,
      subject: tables.emailOutbox.subject,
      text: tables.emailOutbox.textBody,
      html: tables.emailOutbox.htmlBody,
      kind: tables.emailOutbox.kind,
      locale: tables.emailOutbox.locale,
      createdAt: tables.emailOutbox.createdAt,
      sentAt: tables.emailOutbox.sentAt,
      error: tables.emailOutbox.error,
      attachments: tables.emailOutbox.attachments,
    })
    .from(tables.emailOutbox);
  const filtered = options.to ? query.where(eq(tables.emailOutbox.toAddress, options.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(tables.emailOutbox.createdAt)).limit(Math.min(options.limit ?? 50, 200));
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
