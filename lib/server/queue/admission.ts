import 'server-only';
// The one admission check of every hold (issue 34): seats, standing places, resale offers and packages
// (cart/module.ts and packages/module.ts call checkAdmission first) and season tickets (seasons/module.ts
// calls checkSeasonAdmission, the same check for a season's sale). Cheap on the hot path: which sales have
// a waiting room is read once per EVERY_MS per process (one query for all rooms, not one per hold), and an
// admission is a signed token (HMAC-SHA256 with a key derived from the session secret, as notification
// links are signed) bound to the account, the sale (the event's or the season's id) and an expiry, checked
// without the database. Sales without a waiting room are not checked at all.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from '@/lib/server/db';
import { onEventChanged } from '@/lib/server/events/changed';
import { sessionSecret } from '@/lib/server/mode';
import type { SaleKind } from './room';

/** The header a client (the app, a bench) may send an admission in; browsers carry the cookie. */
export const ADMISSION_HEADER = 'x-tribuna-admission';
/** The cookie of a sale's admission (one per event or season: a fan may queue for two). */
export const admissionCookie = (saleId: string) => `tribuna_admission_${saleId.replaceAll('-', '')}`;

/** `saleId`: the queued event's id, or the queued season's (ids are random UUIDs: never both). */
export type Admission = { userId: string; saleId: string; expiresAt: number; presale: boolean };
export type AdmissionCheck = { ok: true; presale: boolean } | { ok: false; code: 'ADMISSION_REQUIRED' | 'ADMISSION_EXPIRED' };

const NOT_QUEUED: AdmissionCheck = Object.freeze({ ok: true, presale: false });

let keyOf: { secret: string; key: Buffer } | null = null;
function signingKey(): Buffer {
  const secret = sessionSecret();
  if (keyOf?.secret !== secret) keyOf = { secret, key: createHmac('sha256', secret).update('tribuna:queue-admission').digest() };
  return keyOf.key;
}

function signature(body: string): Buffer {
  return createHmac('sha256', signingKey()).update(body).digest().subarray(0, 20);
}

export function signAdmission(admission: Admission): string {
  const body = Buffer.from(`${admission.userId}|${admission.saleId}|${admission.expiresAt}|${admission.presale ? 1 : 0}`).toString('base64url');
  return `${body}.${signature(body).toString('base64url')}`;
}

export function readAdmission(token: string): Admission | null {
  if (token.length > 300) return null;
  const [body, sig, ...rest] = token.split('.');
  if (!body || !sig || rest.length) return null;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [userId, saleId, expiresAt, presale] = Buffer.from(body, 'base64url').toString('utf8').split('|');
  const expires = Number(expiresAt);
  if (!userId || !saleId || !Number.isFinite(expires)) return null;
  return { userId, saleId, expiresAt: expires, presale: presale === '1' };
}

// Which sales are queued now: `event:` or `season:` and its id or slug → its id. Read for every room at once
// (an event and a season may share a slug: the kind is part of the key).
const EVERY_MS = 2000;
let queued: { until: number; read: Promise<Map<string, string>> } | null = null;
onEventChanged(() => {
  queued = null;
});

/** Forget which sales are queued (this process; other processes learn through eventChanged, or within EVERY_MS). */
export function forgetQueuedEvents(): void {
  queued = null;
}

function queuedEvents(now: number): Promise<Map<string, string>> {
  if (queued && now < queued.until) return queued.read;
  const read = getDb()
    .execute(
      sql`select 'event' as kind, e.id, e.slug from waiting_rooms r join events e on e.id = r.event_id
        union all select 'season', s.id, s.slug from waiting_rooms r join seasons s on s.id = r.season_id`,
    )
    .then((result) => {
      const map = new Map<string, string>();
      for (const row of rowsOf<{ kind: SaleKind; id: string; slug: string }>(result)) {
        map.set(`${row.kind}:${row.id}`, row.id);
        map.set(`${row.kind}:${row.slug}`, row.id);
      }
      return map;
    });
  const entry = { until: now + EVERY_MS, read };
  queued = entry;
  read.catch(() => {
    if (queued === entry) queued = null;
  });
  return read;
}

/** The event's id when its sale is queued (its waiting room exists), else null. */
export async function queuedEventId(eventRef: string, now = Date.now()): Promise<string | null> {
  return (await queuedEvents(now)).get(`event:${eventRef}`) ?? null;
}

/** The season's id when its ticket sale is queued, else null. */
export async function queuedSeasonId(seasonRef: string, now = Date.now()): Promise<string | null> {
  return (await queuedEvents(now)).get(`season:${seasonRef}`) ?? null;
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  const at = header.indexOf(`${name}=`);
  if (at < 0 || (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';')) return null;
  const start = at + name.length + 1;
  const end = header.indexOf(';', start);
  return header.slice(start, end < 0 ? undefined : end).trim() || null;
}

/**
 * The check at the top of every hold: for an event whose sale is queued, the request must carry the
 * caller's unexpired admission for it (ADMISSION_REQUIRED, ADMISSION_EXPIRED); `presale` says the
 * admission was given in the presale window. Any other event passes at once.
 */
export async function checkAdmission(request: Request, userId: string, eventRef: string, now = Date.now()): Promise<AdmissionCheck> {
  return admitted(request, userId, await queuedEventId(eventRef, now), now);
}

/** The same check for a season's ticket sale (every season hold of a queued season). */
export async function checkSeasonAdmission(request: Request, userId: string, seasonRef: string, now = Date.now()): Promise<AdmissionCheck> {
  return admitted(request, userId, await queuedSeasonId(seasonRef, now), now);
}

function admitted(request: Request, userId: string, saleId: string | null, now: number): AdmissionCheck {
  if (!saleId) return NOT_QUEUED;
  return admissionIn(request.headers.get(ADMISSION_HEADER) ?? cookieValue(request.headers.get('cookie'), admissionCookie(saleId)), userId, saleId, now);
}

/** Whether `token` is the caller's unexpired admission for the queued sale `saleId` (a page reads it from the sale's cookie). */
export function admissionIn(token: string | null | undefined, userId: string, saleId: string, now = Date.now()): AdmissionCheck {
  const admission = token ? readAdmission(token) : null;
  if (!admission || admission.userId !== userId || admission.saleId !== saleId) return { ok: false, code: 'ADMISSION_REQUIRED' };
  if (admission.expiresAt <= now) return { ok: false, code: 'ADMISSION_EXPIRED' };
  return { ok: true, presale: admission.presale };
}
