import 'server-only';
// The VAPID keys Tribuna signs its push messages with (RFC 8292). VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
// win when both are set; otherwise the installation makes a pair on first use and keeps it with the
// data (app_settings), so every server process of the installation and every restart signs with the
// same key — browsers' subscriptions are bound to it.
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { appUrl } from '@/lib/app-url';
import { getDb, tables, type Db } from '@/lib/server/db';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

const SETTING = 'vapid';
const globalForVapid = globalThis as unknown as { __tribunaVapid?: Promise<VapidKeys> };

function subject(): string {
  const configured = process.env.VAPID_SUBJECT?.trim();
  if (configured) return configured;
  // A push service wants a contact: mailto: or an https: URL of the sender.
  const origin = appUrl();
  return origin.startsWith('https://') ? origin : 'mailto:no-reply@tribuna.sk';
}

async function load(db: Db): Promise<VapidKeys> {
  const publicKey = process.env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = process.env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey && privateKey) return { publicKey, privateKey, subject: subject() };
  const generated = webpush.generateVAPIDKeys();
  // Two processes starting at once: the first insert wins and both read it back.
  await db.insert(tables.appSettings).values({ key: SETTING, value: generated }).onConflictDoNothing();
  const [row] = await db.select({ value: tables.appSettings.value }).from(tables.appSettings).where(eq(tables.appSettings.key, SETTING));
  const stored = row.value as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: subject() };
}

/** The installation's keys (read once per process). */
export function vapidKeys(options: { db?: Db } = {}): Promise<VapidKeys> {
  if (options.db) return load(options.db);
  globalForVapid.__tribunaVapid ??= load(getDb()).catch((error) => {
    globalForVapid.__tribunaVapid = undefined;
    throw error;
  });
  return globalForVapid.__tribunaVapid;
}

/** Tests and a changed env: read the keys again on next use. */
export function forgetVapidKeys(): void {
  globalForVapid.__tribunaVapid = undefined;
}
