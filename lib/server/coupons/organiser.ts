import 'server-only';
import { textIn } from '@/lib/localized-text';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, isUniqueViolation, tables } from '@/lib/server/db';
import type { Locale } from '@/lib/i18n/routing';
import type { CouponCreateInput, CouponPatchInput, CouponStatus } from '@/lib/schemas/organiser-codes';
import { orgAccess, ownedAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { couponStatus } from './status';

const c = tables.coupons;
const r = tables.couponRedemptions;

export type OrganiserCoupon = {
  id: string;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  currency: 'EUR' | 'CZK' | null;
  eventId: string | null;
  eventTitle: string | null;
  ticketTypeCodes: string[] | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  maxUsesPerUser: number | null;
  usedCount: number;
  /** Carts it was redeemed in, newest first (at most 20); email null for a removed account. */
  redemptions: { email: string | null; at: string }[];
  active: boolean;
  status: CouponStatus;
  createdAt: string;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The coupons of the given ids, as the console shows them, newest first. */
async function couponsWhere(where: ReturnType<typeof eq>, locale: Locale): Promise<OrganiserCoupon[]> {
  const db = getDb();
  const rows = await db
    .select({ coupon: c, eventTitle: tables.events.title })
    .from(c)
    .leftJoin(tables.events, eq(tables.events.id, c.eventId))
    .where(where)
    .orderBy(desc(c.createdAt), c.code);
  if (!rows.length) return [];
  const now = new Date();
  const redemptions = await db
    .select({ couponId: r.couponId, email: tables.users.email, at: r.createdAt, n: sql<number>`row_number() over (partition by ${r.couponId} order by ${r.createdAt} desc)::int` })
    .from(r)
    .innerJoin(tables.users, eq(tables.users.id, r.userId))
    .where(inArray(r.couponId, rows.map((row) => row.coupon.id)));
  return rows.map(({ coupon, eventTitle }) => ({
    id: coupon.id,
    code: coupon.code,
    kind: coupon.kind,
    value: coupon.value,
    currency: coupon.currency,
    eventId: coupon.eventId,
    eventTitle: eventTitle ? textIn(eventTitle, locale) : null,
    ticketTypeCodes: coupon.ticketTypeCodes,
    validFrom: iso(coupon.validFrom),
    validUntil: iso(coupon.validUntil),
    maxUses: coupon.maxUses,
    maxUsesPerUser: coupon.maxUsesPerUser,
    usedCount: coupon.usedCount,
    redemptions: redemptions
      .filter((x) => x.couponId === coupon.id && x.n <= 20)
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((x) => ({ email: x.email, at: x.at.toISOString() })),
    active: coupon.active,
    status: couponStatus(coupon, now),
    createdAt: coupon.createdAt.toISOString(),
  }));
}

/** Every coupon of the organisation with its uses (owner and manager). */
export async function listCoupons(userId: string, orgId: string, locale: Locale): Promise<{ ok: true; coupons: OrganiserCoupon[] } | AccessFailure> {
  const access = await orgAccess(userId, orgId, 'events');
  if (!access.ok) return access;
  return { ok: true, coupons: await couponsWhere(eq(c.orgId, orgId), locale) };
}

export type CouponFailure = { ok: false; code: 'COUPON_CODE_TAKEN' | 'COUPON_EVENT_INVALID' | 'COUPON_CATEGORY_INVALID' | 'COUPON_CURRENCY_MISMATCH' };

/**
 * A new coupon of the organisation. Its scope is the whole organisation, one of its events, or some
 * price categories (codes) of that event; a fixed amount is in the event's currency. Codes are unique
 * across Tribuna (a fan types only the code), compared upper-case as the cart compares them.
 */
export async function createCoupon(userId: string, input: CouponCreateInput, locale: Locale): Promise<{ ok: true; coupon: OrganiserCoupon } | AccessFailure | CouponFailure> {
  const access = await orgAccess(userId, input.organisation, 'events');
  if (!access.ok) return access;
  const db = getDb();
  const codes = input.ticketTypeCodes?.length ? [...new Set(input.ticketTypeCodes.map((code) => code.trim()))] : null;
  if (input.eventId) {
    const [event] = await db.select({ orgId: tables.events.orgId, currency: tables.events.currency }).from(tables.events).where(eq(tables.events.id, input.eventId));
    if (!event || event.orgId !== access.orgId) return { ok: false, code: 'COUPON_EVENT_INVALID' };
    if (input.kind === 'fixed' && input.currency !== event.currency) return { ok: false, code: 'COUPON_CURRENCY_MISMATCH' };
    if (codes) {
      const found = await db
        .select({ code: tables.ticketTypes.code })
        .from(tables.ticketTypes)
        .where(and(eq(tables.ticketTypes.eventId, input.eventId), inArray(tables.ticketTypes.code, codes)));
      if (found.length !== codes.length) return { ok: false, code: 'COUPON_CATEGORY_INVALID' };
    }
  }
  const [taken] = await db.select({ id: c.id }).from(c).where(eq(sql`upper(${c.code})`, input.code)).limit(1);
  if (taken) return { ok: false, code: 'COUPON_CODE_TAKEN' };
  try {
    const [created] = await db
      .insert(c)
      .values({
        code: input.code,
        orgId: access.orgId,
        eventId: input.eventId ?? null,
        ticketTypeCodes: codes,
        kind: input.kind,
        value: input.value,
        currency: input.kind === 'fixed' ? (input.currency ?? null) : null,
        validFrom: input.validFrom ? new Date(input.validFrom) : null,
        validUntil: input.validUntil ? new Date(input.validUntil) : null,
        maxUses: input.maxUses ?? null,
        maxUsesPerUser: input.maxUsesPerUser ?? null,
      })
      .returning({ id: c.id });
    const [coupon] = await couponsWhere(eq(c.id, created.id), locale);
    return { ok: true, coupon };
  } catch (error) {
    // Someone created the same code a moment ago.
    if (isUniqueViolation(error)) return { ok: false, code: 'COUPON_CODE_TAKEN' };
    throw error;
  }
}

export type CouponPatchFailure = { ok: false; code: 'COUPON_VALUE_INVALID' | 'COUPON_WINDOW_INVALID' };

/**
 * Changes a coupon's value, validity window or limits, or (de)activates it. A deactivated coupon is
 * refused at the cart like a code that does not exist (coupons/validate.ts). Another organisation's
 * coupon answers ORG_NOT_FOUND, as if it did not exist.
 */
export async function updateCoupon(
  userId: string,
  couponId: string,
  patch: CouponPatchInput,
  locale: Locale,
): Promise<{ ok: true; coupon: OrganiserCoupon } | AccessFailure | CouponPatchFailure> {
  const db = getDb();
  const [existing] = await db.select().from(c).where(eq(c.id, couponId));
  const access = await ownedAccess(userId, 'events', async () => existing?.orgId);
  if (!access.ok) return access;
  if (patch.value !== undefined && existing.kind === 'percent' && patch.value > 100) return { ok: false, code: 'COUPON_VALUE_INVALID' };
  const validFrom = patch.validFrom === undefined ? existing.validFrom : patch.validFrom ? new Date(patch.validFrom) : null;
  const validUntil = patch.validUntil === undefined ? existing.validUntil : patch.validUntil ? new Date(patch.validUntil) : null;
  if (validFrom && validUntil && validUntil <= validFrom) return { ok: false, code: 'COUPON_WINDOW_INVALID' };
  const values = {
    ...(patch.value !== undefined ? { value: patch.value } : {}),
    ...(patch.active !== undefined ? { active: patch.active } : {}),
    ...(patch.maxUses !== undefined ? { maxUses: patch.maxUses } : {}),
    ...(patch.maxUsesPerUser !== undefined ? { maxUsesPerUser: patch.maxUsesPerUser } : {}),
    validFrom,
    validUntil,
  };
  await db.update(c).set(values).where(eq(c.id, couponId));
  const [coupon] = await couponsWhere(eq(c.id, couponId), locale);
  return { ok: true, coupon };
}
