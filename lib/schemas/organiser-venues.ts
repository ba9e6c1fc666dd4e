// Venues and their seating, as the organiser console and the API write them: the venue's details, the
// layout JSON (README "Venue layout JSON"), the editor's section operations and blocking seats per event.
// Messages are keys in messages/*.json (organiser.venues.validation.*).
import { z } from 'zod';
import { plainText, uuidString } from './primitives';

const V = 'organiser.venues.validation';

/** A coordinate of the map's viewBox. */
const coordinate = z.number({ error: `${V}.number` }).finite(`${V}.number`).min(0, `${V}.inMap`).max(20_000, `${V}.inMap`);
const mapSize = z.number({ error: `${V}.mapSize` }).int(`${V}.mapSize`).min(100, `${V}.mapSize`).max(20_000, `${V}.mapSize`);

const localized = (max: number) =>
  z.object(
    {
      sk: plainText(`${V}.nameInvalid`, `${V}.nameRequired`).pipe(z.string().min(1, `${V}.nameRequired`).max(max, 'validation.tooLong')),
      cs: plainText(`${V}.nameInvalid`, `${V}.nameRequired`).pipe(z.string().min(1, `${V}.nameRequired`).max(max, 'validation.tooLong')),
      en: plainText(`${V}.nameInvalid`, `${V}.nameRequired`).pipe(z.string().min(1, `${V}.nameRequired`).max(max, 'validation.tooLong')),
    },
    { error: `${V}.nameRequired` },
  );

/** A section's code: short, printed on tickets (A1, 101, VIP). */
export const sectionCode = plainText(`${V}.codeInvalid`).pipe(z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N} _.\-]{0,15}$/u, `${V}.codeInvalid`));
const label = plainText(`${V}.labelInvalid`).pipe(z.string().min(1, `${V}.labelInvalid`).max(12, `${V}.labelInvalid`));

const outlineLabel = localized(40).optional();
export const outlineShapeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('rect'), x: coordinate, y: coordinate, width: coordinate, height: coordinate, radius: coordinate.optional(), label: outlineLabel }),
    z.object({ kind: z.literal('ellipse'), cx: coordinate, cy: coordinate, rx: coordinate, ry: coordinate, label: outlineLabel }),
    z.object({ kind: z.literal('polygon'), points: z.array(z.tuple([coordinate, coordinate]), { error: `${V}.points` }).min(3, `${V}.points`).max(200, `${V}.points`), label: outlineLabel }),
  ],
  { error: `${V}.shapeKind` },
);
export type OutlineShape = z.infer<typeof outlineShapeSchema>;

export const layoutSeatSchema = z.object({ label, x: coordinate, y: coordinate });
export const layoutRowSchema = z.object({ label, seats: z.array(layoutSeatSchema, { error: `${V}.seatsRequired` }).min(1, `${V}.seatsRequired`).max(500, `${V}.tooMany`) });
export const layoutSectionSchema = z.object({
  code: sectionCode,
  name: localized(80),
  kind: z.enum(['seated', 'standing'], { error: `${V}.kind` }).default('seated'),
  capacity: z.number({ error: `${V}.capacity` }).int(`${V}.capacity`).min(1, `${V}.capacity`).max(200_000, `${V}.capacity`).optional(),
  labelX: coordinate.optional(),
  labelY: coordinate.optional(),
  rows: z.array(layoutRowSchema, { error: `${V}.rowsRequired` }).max(300, `${V}.tooMany`).default([]),
});

/** Most seats one venue may have (a large stadium). */
export const MAX_VENUE_SEATS = 60_000;

function duplicates<T>(items: T[], keyOf: (item: T) => string): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  items.forEach((item, i) => {
    const key = keyOf(item).toLowerCase();
    if (seen.has(key)) out.push(i);
    seen.add(key);
  });
  return out;
}

/** The layout JSON: the map, what is drawn under the seats, and every section → row → seat. */
export const venueLayoutSchema = z
  .object(
    {
      width: mapSize,
      height: mapSize,
      outline: z.array(outlineShapeSchema).max(50, `${V}.tooMany`).default([]),
      sections: z.array(layoutSectionSchema, { error: `${V}.sectionsRequired` }).max(300, `${V}.tooMany`),
    },
    { error: `${V}.layoutObject` },
  )
  .superRefine((layout, ctx) => {
    for (const i of duplicates(layout.sections, (s) => s.code)) ctx.addIssue({ code: 'custom', path: ['sections', i, 'code'], message: `${V}.codeTaken` });
    let seats = 0;
    layout.sections.forEach((section, s) => {
      if (section.kind === 'standing') {
        if (section.capacity === undefined) ctx.addIssue({ code: 'custom', path: ['sections', s, 'capacity'], message: `${V}.capacityRequired` });
        if (section.rows.length) ctx.addIssue({ code: 'custom', path: ['sections', s, 'rows'], message: `${V}.standingRows` });
        return;
      }
      if (section.rows.length === 0) ctx.addIssue({ code: 'custom', path: ['sections', s, 'rows'], message: `${V}.rowsRequired` });
      for (const r of duplicates(section.rows, (row) => row.label)) ctx.addIssue({ code: 'custom', path: ['sections', s, 'rows', r, 'label'], message: `${V}.labelTaken` });
      section.rows.forEach((row, r) => {
        seats += row.seats.length;
        for (const k of duplicates(row.seats, (seat) => seat.label)) ctx.addIssue({ code: 'custom', path: ['sections', s, 'rows', r, 'seats', k, 'label'], message: `${V}.labelTaken` });
        row.seats.forEach((seat, k) => {
          if (seat.x > layout.width) ctx.addIssue({ code: 'custom', path: ['sections', s, 'rows', r, 'seats', k, 'x'], message: `${V}.inMap` });
          if (seat.y > layout.height) ctx.addIssue({ code: 'custom', path: ['sections', s, 'rows', r, 'seats', k, 'y'], message: `${V}.inMap` });
        });
      });
    });
    if (seats > MAX_VENUE_SEATS) ctx.addIssue({ code: 'custom', path: ['sections'], message: `${V}.tooMany` });
  });
export type VenueLayoutInput = z.input<typeof venueLayoutSchema>;
export type VenueLayout = z.output<typeof venueLayoutSchema>;

// ── venues ───────────────────────────────────────────────────────────────────
const venueFields = {
  name: plainText(`${V}.nameInvalid`, `${V}.nameRequired`).pipe(z.string().min(1, `${V}.nameRequired`).max(120, 'validation.tooLong')),
  address: plainText(`${V}.nameInvalid`, `${V}.addressRequired`).pipe(z.string().min(1, `${V}.addressRequired`).max(200, 'validation.tooLong')),
  city: plainText(`${V}.nameInvalid`, `${V}.cityRequired`).pipe(z.string().min(1, `${V}.cityRequired`).max(80, 'validation.tooLong')),
  country: z.enum(['SK', 'CZ'], { error: `${V}.country` }),
  latitude: z.number({ error: `${V}.latitude` }).min(-90, `${V}.latitude`).max(90, `${V}.latitude`).nullable().optional(),
  longitude: z.number({ error: `${V}.longitude` }).min(-180, `${V}.longitude`).max(180, `${V}.longitude`).nullable().optional(),
  mapWidth: mapSize.optional(),
  mapHeight: mapSize.optional(),
};

/** POST /api/v1/organiser/venues */
export const createVenueSchema = z.object({ organisation: uuidString('organiser.errors.organisationRequired'), ...venueFields });
export type CreateVenueInput = z.input<typeof createVenueSchema>;

/** PATCH /api/v1/organiser/venues/{venueId}: any of the details. */
export const updateVenueSchema = z.object({
  name: venueFields.name.optional(),
  address: venueFields.address.optional(),
  city: venueFields.city.optional(),
  country: venueFields.country.optional(),
  latitude: venueFields.latitude,
  longitude: venueFields.longitude,
  mapWidth: mapSize.optional(),
  mapHeight: mapSize.optional(),
  outline: z.array(outlineShapeSchema).max(50, `${V}.tooMany`).optional(),
});
export type UpdateVenueInput = z.input<typeof updateVenueSchema>;

// ── the editor's section operations ─────────────────────────────────────────
/** POST /api/v1/organiser/venues/{venueId}/sections: a block of `rows` × `seatsPerRow` seats (positions made by the server), or a standing area. */
export const createSectionSchema = z
  .object({
    code: sectionCode,
    name: localized(80),
    kind: z.enum(['seated', 'standing'], { error: `${V}.kind` }).default('seated'),
    rows: z.number({ error: `${V}.rowsCount` }).int(`${V}.rowsCount`).min(1, `${V}.rowsCount`).max(100, `${V}.rowsCount`).optional(),
    seatsPerRow: z.number({ error: `${V}.seatsCount` }).int(`${V}.seatsCount`).min(1, `${V}.seatsCount`).max(200, `${V}.seatsCount`).optional(),
    originX: coordinate.default(20),
    originY: coordinate.default(20),
    spacing: z.number({ error: `${V}.spacing` }).min(4, `${V}.spacing`).max(100, `${V}.spacing`).default(12),
    /** Degrees of arc the rows bend through (0: straight rows); rows fan out away from the stage. */
    curve: z.number({ error: `${V}.curve` }).min(0, `${V}.curve`).max(180, `${V}.curve`).default(0),
    /** Straight rows only: how far each row starts to the right of the one before (a raked, offset block). */
    rowOffset: z.number({ error: `${V}.rowOffset` }).min(-50, `${V}.rowOffset`).max(50, `${V}.rowOffset`).default(0),
    capacity: z.number({ error: `${V}.capacity` }).int(`${V}.capacity`).min(1, `${V}.capacity`).max(200_000, `${V}.capacity`).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.kind === 'standing' && s.capacity === undefined) ctx.addIssue({ code: 'custom', path: ['capacity'], message: `${V}.capacityRequired` });
    if (s.kind === 'seated' && s.rows === undefined) ctx.addIssue({ code: 'custom', path: ['rows'], message: `${V}.rowsCount` });
    if (s.kind === 'seated' && s.seatsPerRow === undefined) ctx.addIssue({ code: 'custom', path: ['seatsPerRow'], message: `${V}.seatsCount` });
  });
export type CreateSectionInput = z.input<typeof createSectionSchema>;

/** PATCH …/sections/{sectionId}: rename, move (every seat and the label by dx/dy), a standing area's capacity. */
export const updateSectionSchema = z.object({
  code: sectionCode.optional(),
  name: localized(80).optional(),
  moveX: z.number({ error: `${V}.number` }).min(-20_000, `${V}.number`).max(20_000, `${V}.number`).optional(),
  moveY: z.number({ error: `${V}.number` }).min(-20_000, `${V}.number`).max(20_000, `${V}.number`).optional(),
  capacity: z.number({ error: `${V}.capacity` }).int(`${V}.capacity`).min(1, `${V}.capacity`).max(200_000, `${V}.capacity`).optional(),
});
export type UpdateSectionInput = z.input<typeof updateSectionSchema>;

export const sectionParamsSchema = z.object({ venueId: uuidString(), sectionId: uuidString() });

// ── blocking seats per event ────────────────────────────────────────────────
/** POST /api/v1/organiser/events/{eventId}/seat-blocks */
export const seatBlockSchema = z.object({
  seatIds: z.array(uuidString(), { error: `${V}.seatsRequired` }).min(1, `${V}.seatsRequired`).max(5000, `${V}.tooMany`),
  action: z.enum(['block', 'release'], { error: 'errors.invalidInput' }),
});
export type SeatBlockInput = z.input<typeof seatBlockSchema>;

// ── wheelchair places and companion seats of a venue ────────────────────────
export const ACCESSIBLE_SEAT_KINDS = ['wheelchair', 'companion'] as const;
export type AccessibleSeatKind = (typeof ACCESSIBLE_SEAT_KINDS)[number];

/** PUT /api/v1/organiser/venues/{venueId}/accessible-seats: mark seats as wheelchair places or companion seats, or clear the mark (null). */
export const accessibleSeatMarkSchema = z.object({
  seatIds: z.array(uuidString(), { error: `${V}.seatsRequired` }).min(1, `${V}.seatsRequired`).max(5000, `${V}.tooMany`),
  kind: z.enum(ACCESSIBLE_SEAT_KINDS, { error: `${V}.accessibleKind` }).nullable().describe('null: the seats are ordinary seats again'),
});
export type AccessibleSeatMarkInput = z.input<typeof accessibleSeatMarkSchema>;

// ── answers ──────────────────────────────────────────────────────────────────
const localizedText = z.object({ sk: z.string(), cs: z.string(), en: z.string() });
const outlineAnswer = z.array(z.record(z.string(), z.unknown())).describe('shapes drawn under the seats: rect / ellipse / polygon with an optional label {sk,cs,en}');

export const venueSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  sections: z.number().int(),
  seats: z.number().int(),
  standingCapacity: z.number().int(),
  events: z.number().int().describe('events (not cancelled) held at the venue'),
});
export const venueListSchema = z.object({ venues: z.array(venueSummarySchema) });

export const venueDetailSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.enum(['SK', 'CZ']),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  events: z.number().int(),
  eventList: z
    .array(
      z.object({
        id: z.string(),
        slug: z.string(),
        title: localizedText,
        startsAt: z.string(),
        status: z.enum(['draft', 'on_sale', 'sold_out', 'cancelled']),
        mine: z.boolean().describe('an event of an organisation where the caller may edit events (else another organiser’s, at a shared venue: not linked)'),
      }),
    )
    .describe('the events held at the venue (not cancelled), soonest first'),
  sections: z
    .array(z.object({ id: z.string(), code: z.string(), name: localizedText, kind: z.enum(['seated', 'standing']), seats: z.number().int(), capacity: z.number().int().nullable(), sold: z.number().int().describe('sold or live-held places at events to come') }))
    .describe('the sections with their ids (for the section calls)'),
  layout: z
    .object({
      width: z.number(),
      height: z.number(),
      outline: outlineAnswer,
      sections: z.array(
        z.object({
          code: z.string(),
          name: localizedText,
          kind: z.enum(['seated', 'standing']),
          capacity: z.number().optional(),
          labelX: z.number().optional(),
          labelY: z.number().optional(),
          rows: z.array(z.object({ label: z.string(), seats: z.array(z.object({ label: z.string(), x: z.number(), y: z.number() })) })),
        }),
      ),
    })
    .describe('the layout in the JSON format PUT …/layout takes (README "Venue layout JSON")'),
});
export type VenueDetailAnswer = z.infer<typeof venueDetailSchema>;

export const layoutChangeSchema = z.object({
  ok: z.literal(true),
  sections: z.number().int(),
  seats: z.object({ added: z.number().int(), kept: z.number().int(), removed: z.number().int(), retired: z.number().int().describe('removed from the layout but kept for the orders that name them') }),
});

export const seatStatusSchema = z.enum(['available', 'held', 'sold', 'blocked', 'unsold']);
export const eventSeatsSchema = z.object({
  eventId: z.string(),
  width: z.number(),
  height: z.number(),
  outline: outlineAnswer,
  counts: z.object({ available: z.number().int(), held: z.number().int(), sold: z.number().int(), blocked: z.number().int() }),
  sections: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: localizedText,
      labelX: z.number().nullable(),
      labelY: z.number().nullable(),
      rows: z.array(z.object({ label: z.string(), seats: z.array(z.object({ id: z.string(), label: z.string(), x: z.number(), y: z.number(), status: seatStatusSchema })) })),
    }),
  ),
});
export type EventSeatsAnswer = z.infer<typeof eventSeatsSchema>;

export const seatBlockResultSchema = z.object({
  ok: z.literal(true),
  changed: z.number().int().describe('seats blocked (or released) by this call'),
  refused: z.array(z.object({ seatId: z.string(), status: z.enum(['sold', 'held', 'unsold']) })).describe('seats left as they were: sold, held by a live cart, or not on sale at this event'),
});

/** GET /api/v1/organiser/venues/{venueId}/accessible-seats: the venue's seats with their mark. */
export const venueAccessibleSeatsSchema = z.object({
  venueId: z.string(),
  width: z.number(),
  height: z.number(),
  outline: outlineAnswer,
  counts: z.object({ wheelchair: z.number().int(), companion: z.number().int() }),
  sections: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      name: localizedText,
      labelX: z.number().nullable(),
      labelY: z.number().nullable(),
      rows: z.array(
        z.object({
          label: z.string(),
          seats: z.array(z.object({ id: z.string(), label: z.string(), x: z.number(), y: z.number(), accessible: z.enum(ACCESSIBLE_SEAT_KINDS).nullable() })),
        }),
      ),
    }),
  ),
});
export type VenueAccessibleSeatsAnswer = z.infer<typeof venueAccessibleSeatsSchema>;

export const accessibleSeatMarkResultSchema = z.object({
  ok: z.literal(true),
  changed: z.number().int().describe('seats whose mark this call changed (a seat already marked so is not counted)'),
  taken: z
    .number()
    .int()
    .describe('of the seats asked for, those already sold or in a live cart at the venue’s coming events: those fans keep them; the mark holds the seat back from every new hold'),
});
export type AccessibleSeatMarkResult = z.infer<typeof accessibleSeatMarkResultSchema>;
