import 'server-only';
import { seatsTogether } from '@/lib/seats/best-available';
import { flatten, type MapLayout } from '@/lib/seats/layout';
import type { Locale } from '@/lib/i18n/routing';
import { seatLabel } from '@/lib/server/cart/seat-labels';
import type { LocalizedText } from '@/lib/server/db/schema';
import { cachedEventDetail } from '@/lib/server/events';

/** A seated line of a package at the event whose page the fan picks seats on. */
export type SeatedLine = { ticketTypeId: string; ticketType: LocalizedText; quantity: number };

export type ChosenSeatsRefusal =
  /** A seat that is no seat of this event. */
  | { ok: false; code: 'PACKAGE_SEATS_INVALID' }
  /** Seats of a price category the package has no line of. */
  | { ok: false; code: 'PACKAGE_SEATS_CATEGORY'; values: { category: string; seats: string } }
  /** Not as many seats of a line's category as the line has tickets. */
  | { ok: false; code: 'PACKAGE_SEATS_COUNT'; values: { needed: number; picked: number; category: string } }
  /** A line's seats are not next to each other in one row. */
  | { ok: false; code: 'PACKAGE_SEATS_APART' };

/**
 * Whether the seats a fan picked on the map fit a package's seated lines: each seat of a category the
 * package holds, as many of each category as its line has tickets, and each line's seats together by
 * the seat map's own rule (lib/seats/best-available.ts seatsTogether) — what the fan is told
 * when they do not. The seats' being free is the hold's to find (functions.sql package_hold).
 */
export async function checkChosenSeats(input: { eventId: string; lines: SeatedLine[]; seatIds: string[]; locale: Locale }): Promise<{ ok: true } | ChosenSeatsRefusal> {
  const detail = await cachedEventDetail(input.eventId, { seats: true });
  if (!detail?.layout || !input.lines.length) return { ok: false, code: 'PACKAGE_SEATS_INVALID' };
  const lineOf = new Map(input.lines.map((line, i) => [line.ticketTypeId, i]));
  const sold = new Set<string>();
  const label = new Map<string, string>();
  const layout: MapLayout = {
    width: detail.layout.width,
    height: detail.layout.height,
    outline: [],
    sections: detail.layout.sections.map((section) => ({
      id: section.id,
      name: section.name[input.locale],
      labelX: section.labelX,
      labelY: section.labelY,
      rows: section.rows.map((row) => ({
        label: row.label,
        seats: row.seats.map((seat) => {
          if (seat.ticketTypeId) sold.add(seat.id);
          label.set(seat.id, seatLabel(input.locale, section.name[input.locale], row.label, seat.label));
          return [seat.id, seat.label, seat.x, seat.y, seat.ticketTypeId ? (lineOf.get(seat.ticketTypeId) ?? -1) : -1];
        }),
      })),
    })),
  };
  const flat = flatten(layout);
  const chosen = input.seatIds.map((id) => flat.index.get(id));
  if (chosen.some((i) => i === undefined || !sold.has(flat.ids[i]))) return { ok: false, code: 'PACKAGE_SEATS_INVALID' };
  const seats = chosen as number[];
  const categories = input.lines.map((line) => line.ticketType[input.locale]);

  const foreign = seats.filter((i) => flat.type[i] < 0);
  if (foreign.length) {
    return { ok: false, code: 'PACKAGE_SEATS_CATEGORY', values: { category: categories.join(', '), seats: foreign.map((i) => label.get(flat.ids[i])!).join('; ') } };
  }
  for (const [n, line] of input.lines.entries()) {
    const picked = seats.filter((i) => flat.type[i] === n).length;
    if (picked !== line.quantity) return { ok: false, code: 'PACKAGE_SEATS_COUNT', values: { needed: line.quantity, picked, category: categories[n] } };
  }
  for (const n of input.lines.keys()) {
    if (!seatsTogether(layout, flat, seats.filter((i) => flat.type[i] === n))) return { ok: false, code: 'PACKAGE_SEATS_APART' };
  }
  return { ok: true };
}
