import 'server-only';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { parseJsonLocated, pathText } from '@/lib/json-locate';
import {
  venueLayoutSchema,
  type CreateSectionInput,
  type UpdateSectionInput,
  type VenueLayout,
  type VenueLayoutInput,
} from '@/lib/schemas/organiser-venues';
import { getDb, rowsOf, tables, type Db, type Tx } from '@/lib/server/db';
import type { LocalizedText, VenueOutlineShape } from '@/lib/server/db/schema';
import { eventChanged } from '@/lib/server/events/changed';
import { venueAccess, type AccessFailure } from '@/lib/server/organiser/access';
import { syncEventInventory, type UnitsTaken } from '@/lib/server/inventory/sync';
import { fromLayout, generateRows, labelPoints, round, type LayoutJson } from '@/lib/seats/venue-editor';
import { RETIRED_SECTION_CODE } from './retired-section';

// A venue's seating: sections → rows → seats, replaced as a whole from the layout JSON, or changed one
// section at a time by the console's editor (which builds the new whole layout and applies it the same
// way). Seats are matched by section code + row label + seat label, so a seat that stays keeps its id and
// every event's unit of it (sold ones included).
//
// A seat that leaves the layout is deleted — unless an order, a ticket or a season ticket names it. Such a
// seat's row must stay (order history, refunds and reports read its labels), so it moves into the venue's
// hidden "removed seats" section (RETIRED_SECTION_CODE): no event sells that section, so
// syncEventInventory takes the seat's units off sale (blocked), and no map or list shows it. No migration
// needed: a hidden section is an ordinary row of venue_sections that no reader of the layout returns.

export { RETIRED_SECTION_CODE };
const RETIRED_NAME: LocalizedText = { sk: 'Odstránené miesta', cs: 'Odstraněná místa', en: 'Removed seats' };

type AnyDb = Db | Tx;

/**
 * The venue's events whose units follow its layout: not cancelled, and (unless `all`) not over — a past
 * event's sold seats are history, not a reason to refuse a new layout (their seats are kept as removed seats).
 */
export async function venueEventIds(db: AnyDb, venueId: string, options: { all?: boolean } = {}): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(
      options.all
        ? sql`select id from events where venue_id = ${venueId} and status <> 'cancelled' order by starts_at`
        : sql`select id from events where venue_id = ${venueId} and status <> 'cancelled' and coalesce(ends_at, starts_at) > now() order by starts_at`,
    ),
  );
  return rows.map((r) => r.id);
}

const nameOf = (value: unknown): LocalizedText => (typeof value === 'string' ? (JSON.parse(value) as LocalizedText) : (value as LocalizedText));

/** The venue's layout in the JSON format (without the hidden section of removed seats). */
export async function readLayout(db: AnyDb, venue: { id: string; mapWidth: number | null; mapHeight: number | null; outline: VenueOutlineShape[] }): Promise<VenueLayout> {
  const [sections, rows, seats] = await Promise.all([
    db
      .select()
      .from(tables.venueSections)
      .where(and(eq(tables.venueSections.venueId, venue.id), ne(tables.venueSections.code, RETIRED_SECTION_CODE)))
      .orderBy(asc(tables.venueSections.sortOrder), asc(tables.venueSections.code)),
    db
      .select({ id: tables.venueRows.id, sectionId: tables.venueRows.sectionId, label: tables.venueRows.label })
      .from(tables.venueRows)
      .innerJoin(tables.venueSections, eq(tables.venueSections.id, tables.venueRows.sectionId))
      .where(eq(tables.venueSections.venueId, venue.id))
      .orderBy(asc(tables.venueRows.sortOrder), asc(tables.venueRows.label)),
    db
      .select({ rowId: tables.venueSeats.rowId, label: tables.venueSeats.label, x: tables.venueSeats.x, y: tables.venueSeats.y })
      .from(tables.venueSeats)
      .where(eq(tables.venueSeats.venueId, venue.id))
      .orderBy(asc(tables.venueSeats.sortOrder)),
  ]);
  const seatsByRow = new Map<string, { label: string; x: number; y: number }[]>();
  for (const seat of seats) {
    const list = seatsByRow.get(seat.rowId) ?? [];
    list.push({ label: seat.label, x: Number(seat.x), y: Number(seat.y) });
    seatsByRow.set(seat.rowId, list);
  }
  const rowsBySection = new Map<string, { label: string; seats: { label: string; x: number; y: number }[] }[]>();
  for (const row of rows) {
    const rowSeats = seatsByRow.get(row.id) ?? [];
    if (!rowSeats.length) continue;
    const list = rowsBySection.get(row.sectionId) ?? [];
    list.push({ label: row.label, seats: rowSeats });
    rowsBySection.set(row.sectionId, list);
  }
  return {
    width: venue.mapWidth ?? 1000,
    height: venue.mapHeight ?? 700,
    outline: (venue.outline ?? []) as VenueLayout['outline'],
    sections: sections.map((s) => ({
      code: s.code,
      name: nameOf(s.name),
      kind: s.kind,
      ...(s.kind === 'standing' && s.capacity != null ? { capacity: s.capacity } : {}),
      ...(s.labelX != null ? { labelX: Number(s.labelX) } : {}),
      ...(s.labelY != null ? { labelY: Number(s.labelY) } : {}),
      rows: s.kind === 'seated' ? (rowsBySection.get(s.id) ?? []) : [],
    })),
  };
}

export type LayoutCounts = { ok: true; sections: number; seats: { added: number; kept: number; removed: number; retired: number } };

/** Thrown inside a transaction to roll it back and answer a failure. */
class Refused<F> {
  constructor(readonly failure: F) {}
}

const CHUNK = 500;
async function chunked<T>(items: T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/**
 * Makes the venue's layout `layout` inside `tx` (see the top of this file), brings every coming event's
 * units along (syncEventInventory) and tells fans' caches. Refuses with UNITS_TAKEN, changing nothing,
 * when seats or places that fans have (sold, or in a live cart) at events to come would go; `taken` is
 * how many, over all those events.
 */
export async function applyLayout(tx: Tx, venueId: string, layout: VenueLayout): Promise<LayoutCounts | UnitsTaken> {
  await tx.execute(sql`select 1 from venues where id = ${venueId} for update`);
  await tx
    .update(tables.venues)
    .set({ mapWidth: layout.width, mapHeight: layout.height, outline: layout.outline as VenueOutlineShape[], updatedAt: new Date() })
    .where(eq(tables.venues.id, venueId));

  const sections = await tx
    .select({ id: tables.venueSections.id, code: tables.venueSections.code, kind: tables.venueSections.kind })
    .from(tables.venueSections)
    .where(and(eq(tables.venueSections.venueId, venueId), ne(tables.venueSections.code, RETIRED_SECTION_CODE)));
  const rows = rowsOf<{ id: string; section_id: string; label: string }>(
    await tx.execute(sql`select r.id, r.section_id, r.label from venue_rows r join venue_sections s on s.id = r.section_id
      where s.venue_id = ${venueId} and s.code <> ${RETIRED_SECTION_CODE}`),
  );
  const seats = rowsOf<{ id: string; row_id: string; label: string; x: number; y: number; sort_order: number }>(
    await tx.execute(sql`select vs.id, vs.row_id, vs.label, vs.x, vs.y, vs.sort_order from venue_seats vs join venue_sections s on s.id = vs.section_id
      where vs.venue_id = ${venueId} and s.code <> ${RETIRED_SECTION_CODE}`),
  );
  const sectionByCode = new Map(sections.map((s) => [s.code, s]));
  const rowsOfSection = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const map = rowsOfSection.get(row.section_id) ?? new Map<string, string>();
    map.set(row.label, row.id);
    rowsOfSection.set(row.section_id, map);
  }
  const seatsOfRow = new Map<string, Map<string, (typeof seats)[number]>>();
  for (const seat of seats) {
    const map = seatsOfRow.get(seat.row_id) ?? new Map();
    map.set(seat.label, seat);
    seatsOfRow.set(seat.row_id, map);
  }
  const rowInfo = new Map(rows.map((r) => [r.id, r]));
  const codeOfSection = new Map(sections.map((s) => [s.id, s.code]));

  /** Seats leaving the layout, with where they were (for the hidden section's row labels). */
  const leaving: { id: string; label: string; place: string }[] = [];
  const leaveRow = (rowId: string) => {
    const row = rowInfo.get(rowId)!;
    for (const seat of seatsOfRow.get(rowId)?.values() ?? []) leaving.push({ id: seat.id, label: seat.label, place: `${codeOfSection.get(row.section_id)} ${row.label}` });
  };
  const removedSections: string[] = [];
  const keptSeatIds = new Set<string>();
  const inserts: { venueId: string; sectionId: string; rowId: string; label: string; sortOrder: number; x: number; y: number }[] = [];
  const moves: { id: string; x: number; y: number; o: number }[] = [];

  const wanted = new Set(layout.sections.map((s) => s.code));
  for (const section of sections) {
    if (wanted.has(section.code)) continue;
    removedSections.push(section.id);
    for (const rowId of rowsOfSection.get(section.id)?.values() ?? []) leaveRow(rowId);
  }

  for (const [index, input] of layout.sections.entries()) {
    let existing = sectionByCode.get(input.code);
    if (existing && existing.kind !== input.kind) {
      // Another kind of place is another section: the old one leaves (its seats or places with it) under a free code.
      await tx.update(tables.venueSections).set({ code: `~${existing.id}` }).where(eq(tables.venueSections.id, existing.id));
      removedSections.push(existing.id);
      for (const rowId of rowsOfSection.get(existing.id)?.values() ?? []) leaveRow(rowId);
      existing = undefined;
    }
    const values = {
      name: input.name,
      kind: input.kind,
      capacity: input.kind === 'standing' ? (input.capacity ?? 0) : null,
      sortOrder: index,
      labelX: input.labelX ?? null,
      labelY: input.labelY ?? null,
    };
    let sectionId: string;
    if (existing) {
      sectionId = existing.id;
      await tx.update(tables.venueSections).set(values).where(eq(tables.venueSections.id, sectionId));
    } else {
      const [row] = await tx.insert(tables.venueSections).values({ venueId, code: input.code, ...values }).returning({ id: tables.venueSections.id });
      sectionId = row.id;
    }
    const existingRows = rowsOfSection.get(sectionId) ?? new Map<string, string>();
    const wantedRows = new Set(input.rows.map((r) => r.label));
    for (const [label, rowId] of existingRows) if (!wantedRows.has(label)) leaveRow(rowId);
    for (const [r, rowInput] of input.rows.entries()) {
      let rowId = existingRows.get(rowInput.label);
      if (rowId) await tx.update(tables.venueRows).set({ sortOrder: r }).where(eq(tables.venueRows.id, rowId));
      else {
        const [row] = await tx.insert(tables.venueRows).values({ sectionId, label: rowInput.label, sortOrder: r }).returning({ id: tables.venueRows.id });
        rowId = row.id;
      }
      const existingSeats = seatsOfRow.get(rowId) ?? new Map<string, (typeof seats)[number]>();
      for (const [k, seat] of rowInput.seats.entries()) {
        const old = existingSeats.get(seat.label);
        if (old) {
          keptSeatIds.add(old.id);
          if (Number(old.x) !== seat.x || Number(old.y) !== seat.y || Number(old.sort_order) !== k) moves.push({ id: old.id, x: seat.x, y: seat.y, o: k });
        } else inserts.push({ venueId, sectionId, rowId, label: seat.label, sortOrder: k, x: seat.x, y: seat.y });
      }
      const wantedSeats = new Set(rowInput.seats.map((s) => s.label));
      for (const [label, old] of existingSeats) if (!wantedSeats.has(label)) leaving.push({ id: old.id, label, place: `${input.code} ${rowInput.label}` });
    }
  }

  await chunked(inserts, (chunk) => tx.insert(tables.venueSeats).values(chunk));
  await chunked(moves, (chunk) =>
    tx.execute(sql`update venue_seats v set x = d.x, y = d.y, sort_order = d.o
      from (values ${sql.join(chunk.map((m) => sql`(${m.id}::uuid, ${m.x}::real, ${m.y}::real, ${m.o}::int)`), sql`, `)}) as d(id, x, y, o)
      where v.id = d.id`),
  );
  // A standing area that goes has no places any more: its categories shrink with it at the sync below.
  if (removedSections.length) {
    await tx.execute(sql`update venue_sections set capacity = 0 where kind = 'standing' and id in (${sql.join(removedSections.map((id) => sql`${id}::uuid`), sql`, `)})`);
  }
  if (leaving.length) await retire(tx, venueId, leaving);

  let taken = 0;
  for (const eventId of await venueEventIds(tx, venueId)) {
    const synced = await syncEventInventory(tx, eventId);
    if (!synced.ok) taken += synced.taken;
  }
  if (taken > 0) throw new Refused<UnitsTaken>({ ok: false, code: 'UNITS_TAKEN', taken });

  // Past and cancelled events are not synced; their units of removed seats that nobody bought or ordered
  // go too (no one can buy them any more), so that they do not keep the seat.
  if (leaving.length) {
    await tx.execute(sql`delete from inventory_units u using venue_seats vs, venue_sections s
      where u.seat_id = vs.id and s.id = vs.section_id and s.venue_id = ${venueId} and s.code = ${RETIRED_SECTION_CODE}
        and u.status <> 'sold' and not unit_is_held(u.status, u.held_until, now())
        and not exists (select 1 from tickets t where t.unit_id = u.id)
        and not exists (select 1 from order_items oi where oi.unit_id = u.id)`);
  }
  // Removed seats nothing names any more go for good; the others stay, hidden, for their orders.
  // Chosen first, then deleted: PGlite answers a DELETE … RETURNING that cascades (accessible_seats) with no rows.
  const gone = leaving.length
    ? rowsOf<{ id: string }>(
        await tx.execute(sql`select vs.id from venue_seats vs join venue_sections s on s.id = vs.section_id
          where s.venue_id = ${venueId} and s.code = ${RETIRED_SECTION_CODE}
            and not exists (select 1 from inventory_units u where u.seat_id = vs.id)
            and not exists (select 1 from season_tickets st where st.seat_id = vs.id)
          for update of vs`),
      ).map((r) => r.id)
    : [];
  if (gone.length) await chunked(gone, (chunk) => tx.delete(tables.venueSeats).where(inArray(tables.venueSeats.id, chunk)));
  const deleted = gone.length;
  await tx.execute(sql`delete from venue_rows r using venue_sections s
    where s.id = r.section_id and s.venue_id = ${venueId} and not exists (select 1 from venue_seats vs where vs.row_id = r.id)`);
  if (removedSections.length) {
    await tx.execute(sql`delete from venue_sections where id in (${sql.join(removedSections.map((id) => sql`${id}::uuid`), sql`, `)})`);
  }
  await tx.execute(sql`delete from venue_sections s where s.venue_id = ${venueId} and s.code = ${RETIRED_SECTION_CODE}
    and not exists (select 1 from venue_seats vs where vs.section_id = s.id)`);

  for (const eventId of await venueEventIds(tx, venueId, { all: true })) await eventChanged(eventId, tx);
  return {
    ok: true,
    sections: layout.sections.length,
    seats: { added: inserts.length, kept: keptSeatIds.size, removed: deleted, retired: leaving.length - deleted },
  };
}

/** Moves seats into the venue's hidden section, one row per former section + row ("A1 5"), keeping their labels. */
async function retire(tx: Tx, venueId: string, leaving: { id: string; label: string; place: string }[]) {
  await tx
    .insert(tables.venueSections)
    .values({ venueId, code: RETIRED_SECTION_CODE, name: RETIRED_NAME, kind: 'seated', sortOrder: 1_000_000 })
    .onConflictDoNothing();
  const [hidden] = await tx
    .select({ id: tables.venueSections.id })
    .from(tables.venueSections)
    .where(and(eq(tables.venueSections.venueId, venueId), eq(tables.venueSections.code, RETIRED_SECTION_CODE)));
  const existing = rowsOf<{ row: string; seat: string }>(
    await tx.execute(sql`select r.label as row, vs.label as seat from venue_seats vs join venue_rows r on r.id = vs.row_id where vs.section_id = ${hidden.id}`),
  );
  const used = new Set(existing.map((e) => `${e.row}\u0000${e.seat}`));
  const target: { id: string; row: string }[] = [];
  for (const seat of leaving) {
    // The same seat removed before and still named by an old order: this one goes into a row beside it.
    let row = seat.place;
    for (let n = 2; used.has(`${row}\u0000${seat.label}`); n++) row = `${seat.place} (${n})`;
    used.add(`${row}\u0000${seat.label}`);
    target.push({ id: seat.id, row });
  }
  const labels = [...new Set(target.map((t) => t.row))];
  await chunked(labels, (chunk) =>
    tx
      .insert(tables.venueRows)
      .values(chunk.map((label) => ({ sectionId: hidden.id, label })))
      .onConflictDoNothing(),
  );
  const rowIds = new Map(
    (await tx.select({ id: tables.venueRows.id, label: tables.venueRows.label }).from(tables.venueRows).where(eq(tables.venueRows.sectionId, hidden.id))).map((r) => [r.label, r.id]),
  );
  await chunked(target, (chunk) =>
    tx.execute(sql`update venue_seats v set section_id = ${hidden.id}, row_id = d.row_id
      from (values ${sql.join(chunk.map((t) => sql`(${t.id}::uuid, ${rowIds.get(t.row)!}::uuid)`), sql`, `)}) as d(id, row_id)
      where v.id = d.id`),
  );
}

/** Runs a layout change in one transaction; a Refused failure rolls it back and is answered. */
async function inTransaction<T, F>(run: (tx: Tx) => Promise<T | F>): Promise<T | F> {
  try {
    return await getDb().transaction(async (tx) => {
      const result = await run(tx);
      if (result && typeof result === 'object' && 'ok' in result && (result as { ok: boolean }).ok === false) throw new Refused(result);
      return result;
    });
  } catch (error) {
    if (error instanceof Refused) return error.failure as F;
    throw error;
  }
}

async function venueRow(db: AnyDb, venueId: string) {
  const [venue] = await db.select().from(tables.venues).where(eq(tables.venues.id, venueId));
  return venue;
}

// ── replacing the whole layout from its JSON ───────────────────────────────
export type LayoutIssue = { path: string; line: number | null; key: string };
export type LayoutSyntaxError = { ok: false; code: 'LAYOUT_JSON_SYNTAX'; line: number; column: number };
export type LayoutInvalid = { ok: false; code: 'LAYOUT_INVALID'; issues: LayoutIssue[] };

const MESSAGE_KEY = /^[a-zA-Z]+\.[a-zA-Z.]+$/;

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }, lineOf?: (path: readonly PropertyKey[]) => number): LayoutIssue[] {
  return error.issues.slice(0, 50).map((issue) => ({
    path: pathText(issue.path) || '(root)',
    line: lineOf ? lineOf(issue.path) : null,
    key: MESSAGE_KEY.test(issue.message) ? issue.message : 'errors.invalidInput',
  }));
}

/**
 * PUT …/layout: the layout from the text of a JSON file. A syntax error names its line and column; a
 * value that is not allowed names its path and the line it stands on.
 */
export async function replaceLayout(userId: string, venueId: string, text: string): Promise<LayoutCounts | UnitsTaken | LayoutSyntaxError | LayoutInvalid | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  const parsed = parseJsonLocated(text);
  if (!parsed.ok) return { ok: false, code: 'LAYOUT_JSON_SYNTAX', line: parsed.line, column: parsed.column };
  const result = venueLayoutSchema.safeParse(parsed.value);
  if (!result.success) return { ok: false, code: 'LAYOUT_INVALID', issues: issuesOf(result.error, parsed.lineOf) };
  return inTransaction<LayoutCounts, UnitsTaken>((tx) => applyLayout(tx, venueId, result.data));
}

/** A layout the editor changed, checked like a file before it is applied. */
async function applyEdited(tx: Tx, venueId: string, layout: VenueLayoutInput): Promise<LayoutCounts | UnitsTaken | LayoutInvalid> {
  const result = venueLayoutSchema.safeParse(layout);
  if (!result.success) return { ok: false, code: 'LAYOUT_INVALID', issues: issuesOf(result.error) };
  return applyLayout(tx, venueId, result.data);
}

// ── the editor ──────────────────────────────────────────────────────────────

/** The server's block: lib/seats's rows (the editor's geometry), slid right or down so no seat is left of or above the map. */
function blockRows(input: Parameters<typeof generateRows>[0]) {
  const out = generateRows(input);
  // Nothing left of or above the map: the block slides in as a whole.
  const minX = Math.min(...out.flatMap((r) => r.seats.map((s) => s.x)));
  const minY = Math.min(...out.flatMap((r) => r.seats.map((s) => s.y)));
  const dx = minX < 10 ? 10 - minX : 0;
  const dy = minY < 10 ? 10 - minY : 0;
  if (dx || dy) for (const row of out) for (const seat of row.seats) [seat.x, seat.y] = [round(seat.x + dx), round(seat.y + dy)];
  return out;
}

function fitMap(layout: VenueLayoutInput) {
  let right = 0;
  let bottom = 0;
  for (const section of layout.sections) {
    for (const row of section.rows ?? []) for (const seat of row.seats) [right, bottom] = [Math.max(right, seat.x), Math.max(bottom, seat.y)];
    if (section.labelX != null) right = Math.max(right, section.labelX);
    if (section.labelY != null) bottom = Math.max(bottom, section.labelY);
  }
  layout.width = Math.min(20_000, Math.max(layout.width, Math.ceil(right + 20)));
  layout.height = Math.min(20_000, Math.max(layout.height, Math.ceil(bottom + 20)));
}


export type SectionCodeTaken = { ok: false; code: 'SECTION_CODE_TAKEN' };
export type SectionNotFound = { ok: false; code: 'SECTION_NOT_FOUND' };

/** POST …/sections: a new block of R × S seats (or a standing area) added to the layout. */
export async function addSection(userId: string, venueId: string, input: CreateSectionInput): Promise<(LayoutCounts & { sectionId: string }) | SectionCodeTaken | LayoutInvalid | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  return inTransaction<LayoutCounts & { sectionId: string }, SectionCodeTaken | LayoutInvalid>(async (tx) => {
    const venue = await venueRow(tx, venueId);
    const layout: VenueLayoutInput = await readLayout(tx, venue);
    if (layout.sections.some((s) => s.code.toLowerCase() === input.code.toLowerCase())) return { ok: false, code: 'SECTION_CODE_TAKEN' };
    const kind = input.kind ?? 'seated';
    if (kind === 'standing') {
      layout.sections.push({ code: input.code, name: input.name, kind, capacity: input.capacity, labelX: input.originX ?? 20, labelY: input.originY ?? 20, rows: [] });
    } else {
      const rows = blockRows({
        rows: input.rows!,
        seatsPerRow: input.seatsPerRow!,
        originX: input.originX ?? 20,
        originY: input.originY ?? 20,
        spacing: input.spacing ?? 12,
        curve: input.curve ?? 0,
        rowOffset: input.rowOffset ?? 0,
      });
      layout.sections.push({ code: input.code, name: input.name, kind, rows });
    }
    fitMap(layout);
    // The new block's code beside its seats, never over them or another block's (as the editor places it).
    const added = layout.sections[layout.sections.length - 1];
    if (kind === 'seated') [added.labelX, added.labelY] = Object.values(labelPoints(fromLayout(layout as LayoutJson).blocks, layout).at(-1)!);
    const applied = await applyEdited(tx, venueId, layout);
    if (!applied.ok) return applied as LayoutInvalid;
    const [section] = await tx
      .select({ id: tables.venueSections.id })
      .from(tables.venueSections)
      .where(and(eq(tables.venueSections.venueId, venueId), eq(tables.venueSections.code, input.code)));
    return { ...applied, sectionId: section.id };
  });
}

async function sectionOf(tx: Tx, venueId: string, sectionId: string) {
  const [section] = await tx
    .select({ id: tables.venueSections.id, code: tables.venueSections.code })
    .from(tables.venueSections)
    .where(and(eq(tables.venueSections.id, sectionId), eq(tables.venueSections.venueId, venueId), ne(tables.venueSections.code, RETIRED_SECTION_CODE)));
  return section ?? null;
}

/** PATCH …/sections/{sectionId}: a new code or name (seats keep their ids), a move of the whole block, a standing area's capacity. */
export async function updateSection(
  userId: string,
  venueId: string,
  sectionId: string,
  input: UpdateSectionInput,
): Promise<LayoutCounts | UnitsTaken | SectionNotFound | SectionCodeTaken | LayoutInvalid | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  return inTransaction<LayoutCounts, UnitsTaken | SectionNotFound | SectionCodeTaken | LayoutInvalid>(async (tx) => {
    const section = await sectionOf(tx, venueId, sectionId);
    if (!section) return { ok: false, code: 'SECTION_NOT_FOUND' };
    let code = section.code;
    if (input.code !== undefined && input.code !== section.code) {
      const [clash] = await tx
        .select({ id: tables.venueSections.id })
        .from(tables.venueSections)
        .where(and(eq(tables.venueSections.venueId, venueId), sql`lower(${tables.venueSections.code}) = lower(${input.code})`, ne(tables.venueSections.id, sectionId)));
      if (clash) return { ok: false, code: 'SECTION_CODE_TAKEN' };
      // Renamed in place: the layout matches seats by code, so the code changes before the layout is read.
      await tx.update(tables.venueSections).set({ code: input.code }).where(eq(tables.venueSections.id, sectionId));
      code = input.code;
    }
    const layout: VenueLayoutInput = await readLayout(tx, await venueRow(tx, venueId));
    const target = layout.sections.find((s) => s.code === code)!;
    if (input.name) target.name = input.name;
    if (input.capacity !== undefined && target.kind === 'standing') target.capacity = input.capacity;
    const dx = input.moveX ?? 0;
    const dy = input.moveY ?? 0;
    if (dx || dy) {
      const all = (target.rows ?? []).flatMap((r) => r.seats);
      // Never past the map's left or top edge: the move stops there.
      const minX = Math.min(...all.map((s) => s.x), target.labelX ?? Infinity);
      const minY = Math.min(...all.map((s) => s.y), target.labelY ?? Infinity);
      const mx = Number.isFinite(minX) ? Math.max(dx, -minX) : dx;
      const my = Number.isFinite(minY) ? Math.max(dy, -minY) : dy;
      for (const seat of all) [seat.x, seat.y] = [round(seat.x + mx), round(seat.y + my)];
      if (target.labelX != null) target.labelX = round(target.labelX + mx);
      if (target.labelY != null) target.labelY = round(target.labelY + my);
      fitMap(layout);
    }
    return applyEdited(tx, venueId, layout);
  });
}

/** DELETE …/sections/{sectionId}: only when no event to come has any of its seats or places sold or in a live cart (UNITS_TAKEN). */
export async function deleteSection(userId: string, venueId: string, sectionId: string): Promise<LayoutCounts | UnitsTaken | SectionNotFound | LayoutInvalid | AccessFailure> {
  const access = await venueAccess(userId, venueId, 'events');
  if (!access.ok) return access;
  return inTransaction<LayoutCounts, UnitsTaken | SectionNotFound | LayoutInvalid>(async (tx) => {
    const section = await sectionOf(tx, venueId, sectionId);
    if (!section) return { ok: false, code: 'SECTION_NOT_FOUND' };
    const layout: VenueLayoutInput = await readLayout(tx, await venueRow(tx, venueId));
    layout.sections = layout.sections.filter((s) => s.code !== section.code);
    return applyEdited(tx, venueId, layout);
  });
}
