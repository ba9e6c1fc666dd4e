import 'server-only';
import { textIn } from '@/lib/localized-text';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/i18n/routing';
import type { EventPackage } from '@/lib/schemas/packages';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import { salePhase } from '@/lib/server/events/rules';
import { findSaleEvent } from '@/lib/server/cart/event';
import { reservationMinutes } from '@/lib/server/cart/event';
import { cartChange } from '@/lib/server/cart/change';
import { fromJsonb, holdItemRow, type ItemRow } from '@/lib/server/cart/items';
import type { HoldOutcome } from '@/lib/server/cart/hold';
import { readCart } from '@/lib/server/cart/read';
import { seatLabels } from '@/lib/server/cart/seat-labels';
import type { Actor, CartAnswer } from '@/lib/server/cart/types';
import { packagesTaken } from './organiser';
import { checkChosenSeats, type ChosenSeatsRefusal } from './chosen-seats';
import { bestSeatsTogether } from './seats';

// The fan's side of packages: what the event page offers, and holding one package in the event's cart,
// all or nothing (functions.sql package_hold). A seated family package takes the fan's own seats when
// they fit it (chosen-seats.ts), or the best seats together by the seat map's rule.

const p = tables.packages;
const pc = tables.packageContents;

type Content = { eventId: string; eventTitle: { sk: string; cs: string; en: string }; startsAt: Date; ticketTypeId: string; ticketType: { sk: string; cs: string; en: string }; kind: 'seated' | 'standing'; price: number; quantity: number };

async function contentsOf(packageIds: string[]): Promise<Map<string, Content[]>> {
  const rows = packageIds.length
    ? await getDb()
        .select({
          packageId: pc.packageId,
          eventId: pc.eventId,
          eventTitle: tables.events.title,
          startsAt: tables.events.startsAt,
          ticketTypeId: pc.ticketTypeId,
          ticketType: tables.ticketTypes.name,
          kind: tables.ticketTypes.kind,
          price: tables.ticketTypes.priceAmount,
          quantity: pc.quantity,
        })
        .from(pc)
        .innerJoin(tables.events, eq(tables.events.id, pc.eventId))
        .innerJoin(tables.ticketTypes, eq(tables.ticketTypes.id, pc.ticketTypeId))
        .where(inArray(pc.packageId, packageIds))
        .orderBy(asc(pc.sortOrder), asc(pc.id))
    : [];
  const map = new Map<string, Content[]>();
  for (const { packageId, ...row } of rows) map.set(packageId, [...(map.get(packageId) ?? []), row]);
  return map;
}

/** The packages on sale on an event's page (those holding any of its tickets); null when there is no such event. */
export async function eventPackages(eventRef: string, locale: Locale, now = new Date()): Promise<EventPackage[] | null> {
  const event = await findSaleEvent(eventRef);
  if (!event || event.status === 'draft') return null;
  const rows = await getDb()
    .select({ id: p.id, name: p.name, description: p.description, price: p.priceAmount, currency: p.currency, quantity: p.quantity })
    .from(p)
    .where(and(eq(p.onSale, true), sql`exists (select 1 from ${pc} where ${pc.packageId} = ${p.id} and ${pc.eventId} = ${event.id})`))
    .orderBy(asc(p.priceAmount));
  const contents = await contentsOf(rows.map((r) => r.id));
  const taken = await packagesTaken(rows.map((r) => r.id), now);
  return rows.map((row) => {
    const lines = contents.get(row.id) ?? [];
    return {
      id: row.id,
      name: textIn(row.name, locale),
      description: row.description?.[locale] || null,
      price: { amount: row.price, currency: row.currency },
      faceValue: { amount: lines.reduce((sum, c) => sum + c.price * c.quantity, 0), currency: row.currency },
      left: Math.max(0, row.quantity - (taken.get(row.id) ?? 0)),
      seated: lines.some((c) => c.kind === 'seated'),
      tickets: lines.reduce((sum, c) => sum + c.quantity, 0),
      contents: lines.map((c) => ({ eventId: c.eventId, eventTitle: textIn(c.eventTitle, locale), startsAt: c.startsAt.toISOString(), ticketType: c.ticketType[locale], kind: c.kind, quantity: c.quantity })),
    };
  });
}

type FunctionRow = { outcome: HoldOutcome['outcome']; hold_id: string | null; expires_at: Date | string | null; coupon_id: string | null; detail: unknown };

async function holdPackage(
  db: Db | Tx,
  input: { userId: string; eventId: string; packageId: string; seatIds: string[]; now: Date; minutes: number; maxPerOrder: number; maxPerUser: number; fee: number },
): Promise<HoldOutcome> {
  const [row] = rowsOf<FunctionRow>(
    await db.execute(sql`select * from package_hold(${input.userId}::uuid, ${input.eventId}::uuid, ${input.packageId}::uuid,
      ${`{${input.seatIds.join(',')}}`}::uuid[], ${input.now.toISOString()}::timestamptz, ${input.minutes}::int, ${input.maxPerOrder}::int,
      ${input.maxPerUser}::int, ${input.fee}::int)`),
  );
  if (row.outcome === 'held') {
    return {
      outcome: 'held',
      hold: { id: row.hold_id!, expiresAt: new Date(row.expires_at!), couponId: row.coupon_id },
      items: fromJsonb<ItemRow[]>(row.detail).map(holdItemRow),
    };
  }
  if (row.outcome === 'taken') return { outcome: 'taken', taken: fromJsonb<string[]>(row.detail) };
  return { outcome: row.outcome } as HoldOutcome;
}

export type PackageCartFailure =
  | { ok: false; code: 'PACKAGE_NOT_FOUND' }
  /** The fan's seats do not fit the package (chosen-seats.ts says why). */
  | ChosenSeatsRefusal
  /** No run of free seats together is left for the package. */
  | { ok: false; code: 'PACKAGE_NO_SEATS_TOGETHER' };

const ATTEMPTS = 4;

/**
 * Holds one package in the fan's cart for the event, all or nothing. A seated package takes the fan's
 * own seats (`seatIds`) or the best free seats together of each seated line; when another fan takes
 * them first, the best seats together are chosen again (a few times), never a part of a package.
 */
export async function addPackageToCart(input: {
  user: Actor;
  eventRef: string;
  packageId: string;
  seatIds?: string[];
  locale: Locale;
  now?: Date;
}): Promise<CartAnswer | PackageCartFailure> {
  const now = input.now ?? new Date();
  const event = await findSaleEvent(input.eventRef);
  if (!event) return { ok: false, code: 'EVENT_NOT_FOUND' };
  if (salePhase(event, now) !== 'open') return { ok: false, code: 'NOT_ON_SALE' };
  const [pkg] = await getDb().select({ id: p.id, onSale: p.onSale }).from(p).where(eq(p.id, input.packageId));
  const contents = pkg?.onSale ? ((await contentsOf([pkg.id])).get(pkg.id) ?? []) : [];
  if (!contents.some((c) => c.eventId === event.id)) return { ok: false, code: 'PACKAGE_NOT_FOUND' };
  // Every day of a festival pass must be on sale too.
  for (const eventId of new Set(contents.map((c) => c.eventId))) {
    if (eventId === event.id) continue;
    const other = await findSaleEvent(eventId);
    if (!other || salePhase(other, now) !== 'open') return { ok: false, code: 'NOT_ON_SALE' };
  }
  const seated = contents.filter((c) => c.kind === 'seated');
  const chosen = input.seatIds ? [...new Set(input.seatIds)] : null;
  if (chosen) {
    // The fan's own seats are picked on this event's map: a seated line at another event cannot take them.
    if (!seated.length || seated.some((c) => c.eventId !== event.id)) return { ok: false, code: 'PACKAGE_SEATS_INVALID' };
    const fit = await checkChosenSeats({ eventId: event.id, lines: seated, seatIds: chosen, locale: input.locale });
    if (!fit.ok) return fit;
  }
  const avoid = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    let seatIds = chosen ?? [];
    if (!chosen) {
      for (const content of seated) {
        const run = await bestSeatsTogether(content.eventId, content.ticketTypeId, content.quantity, now, avoid);
        if (!run) return { ok: false, code: 'PACKAGE_NO_SEATS_TOGETHER' };
        seatIds = [...seatIds, ...run];
      }
    }
    const hold = {
      userId: input.user.id,
      eventId: event.id,
      packageId: input.packageId,
      seatIds,
      now,
      minutes: reservationMinutes(event),
      maxPerOrder: event.maxTicketsPerOrder,
      maxPerUser: event.maxTicketsPerUser,
      fee: event.serviceFeeAmount,
    };
    const result = await cartChange(event, input.user.id, now, (db) => holdPackage(db, hold), true);
    if (result.ok) return { ok: true, cart: await readCart(event, input.user.id, input.locale, now, result.known) };
    if (result.code !== 'SEAT_TAKEN') return result;
    if (chosen) return { ok: false, code: 'SEAT_TAKEN', taken: await seatLabels(event.id, result.taken.map((x) => x.id), input.locale) };
    // Someone was quicker to some of the best seats: choose again without them.
    for (const taken of result.taken) avoid.add(taken.id);
    if (attempt >= ATTEMPTS) return { ok: false, code: 'PACKAGE_NO_SEATS_TOGETHER' };
  }
}
