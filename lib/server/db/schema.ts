// The whole domain model (DESIGN.md §3). One row per sellable unit; never a counter row per event.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  customType,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Text in each interface language. */
export type LocalizedText = { sk: string; cs: string; en: string };
export type GalleryImage = { src: string; width: number; height: number; alt: LocalizedText };

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const sexEnum = pgEnum('sex', ['male', 'female', 'other', 'not-to-say']);
export const localeEnum = pgEnum('locale', ['sk', 'cs', 'en']);
export const currencyEnum = pgEnum('currency', ['EUR', 'CZK']);

// ── accounts ────────────────────────────────────────────────────────────────
export const users = pgTable(
  'users',
  {
    id: id(),
    // null once the account is removed: personal data goes, the row stays for orders
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    sex: sexEnum('sex'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    passwordHash: text('password_hash'),
    locale: localeEnum('locale').notNull().default('sk'),
    // When the person proved the address `email` is theirs (a verification or reset link); null until then.
    // Gifts to an address go only to an account that has verified it.
    emailVerifiedAt: ts('email_verified_at'),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    removedAt: ts('removed_at'),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_resets_token_hash_uq').on(t.tokenHash)],
);

/**
 * Links that prove an address: the account's own (after sign-up) or a new one (an email change,
 * which takes effect only when this link is used). Token stored hashed, single use, expiring.
 * `sessionId` is the session that asked for a change: it stays signed in when the change ends the others.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('email_verifications_token_hash_uq').on(t.tokenHash), index('email_verifications_user_idx').on(t.userId)],
);

/** Fixed-window counters shared by every server process (sign-in, sign-up, reset, redeem). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Every email we send; delivered by SMTP when configured, else read at the dev mailbox. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    locale: localeEnum('locale').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    error: text('error'),
    /** The order the mail is about (its confirmation, refund, a support desk's resend): the order's timeline lists it. Null for any other mail. */
    orderId: uuid('order_id'),
    /** The files attached (their names and sizes; the bytes go to SMTP and are kept where they come from: a tax document's PDF). */
    attachments: jsonb('attachments').$type<{ filename: string; size: number }[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index('email_outbox_to_idx').on(t.toAddress, t.createdAt), index('email_outbox_order_idx').on(t.orderId).where(sql`order_id is not null`)],
);

// ── organisers and venues ───────────────────────────────────────────────────
export const orgKindEnum = pgEnum('org_kind', ['club', 'promoter', 'festival']);
/** owner: everything; manager: everything but the team and payouts; scanner: the gate only (organiser/access.ts). */
export const memberRoleEnum = pgEnum('member_role', ['owner', 'manager', 'scanner']);

/** An organisation's resale and transfer rules, the default of its new events (events carry their own copy). */
export type ResalePolicy = {
  transferEnabled: boolean;
  resaleEnabled: boolean;
  resaleCapPercent: number | null;
  resaleCapAmount: number | null;
  resaleWindowHours: number;
  resaleSellerFeeBps: number;
  resaleBuyerFeeBps: number;
  /** The organiser's share of the resale fees (seller's and buyer's), 0–100 %: paid with its settlement. */
  resaleOrganiserSharePercent: number;
  /** Free tickets (redeem codes, comps) may be resold. */
  freeTicketsResale: boolean;
};

/** Organisation defaults saved before the organiser's share existed lack it: read them with resalePolicyOf. */
export type StoredResalePolicy = Omit<ResalePolicy, 'resaleOrganiserSharePercent' | 'freeTicketsResale'> & { resaleOrganiserSharePercent?: number; freeTicketsResale?: boolean };

/** A stored policy as a whole one: a missing share is no share. */
export function resalePolicyOf(stored: StoredResalePolicy): ResalePolicy {
  return { ...stored, resaleOrganiserSharePercent: stored.resaleOrganiserSharePercent ?? 0, freeTicketsResale: stored.freeTicketsResale ?? false };
}

export const DEFAULT_RESALE_POLICY: ResalePolicy = {
  transferEnabled: true,
  resaleEnabled: true,
  resaleCapPercent: 100,
  resaleCapAmount: null,
  resaleWindowHours: 2,
  resaleSellerFeeBps: 500,
  resaleBuyerFeeBps: 0,
  resaleOrganiserSharePercent: 0,
  freeTicketsResale: false,
};

export const payoutScheduleEnum = pgEnum('payout_schedule', ['period', 'event']);

export const organisations = pgTable('organisations', {
  id: id(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: orgKindEnum('kind').notNull(),
  country: text('country').notNull(),
  website: text('website'),
  contactEmail: text('contact_email'),
  /** What a new event of this organisation starts with (events/resale-policy.ts). */
  resaleDefaults: jsonb('resale_defaults').$type<StoredResalePolicy>().notNull().default(DEFAULT_RESALE_POLICY),
  /** The organisation's own language: its texts' required first language and the one empty texts fall back to (lib/localized-text.ts). */
  language: localeEnum('language').notNull().default('sk'),
  /** The currency its new events start in. */
  currency: currencyEnum('currency').notNull().default('EUR'),
  // The legal profile (issue 32): who sells, on tax documents and payouts. Set by the application and
  // changed by the owner (onboarding/); the bank account and tax data change only after a cooling period.
  legalName: text('legal_name'),
  legalForm: text('legal_form'),
  street: text('street'),
  city: text('city'),
  postcode: text('postcode'),
  /** IČO: 8 digits with their checksum (lib/legal-ids.ts). */
  ico: text('ico'),
  /** DIČ (SK: 10 digits; CZ: CZ + 8–10 digits). */
  dic: text('dic'),
  /** IČ DPH (SK + 10 digits) or the Czech DIČ for VAT (CZ + 8–10 digits); set when VAT-registered. */
  vatId: text('vat_id'),
  vatRegistered: boolean('vat_registered').notNull().default(false),
  /** Where Tribuna pays what it owes the organisation (payouts/organisers.ts). */
  payoutIban: text('payout_iban'),
  payoutBic: text('payout_bic'),
  /** When a Tribuna admin approved it (an application, onboarding/); until then it prepares drafts and publishes nothing. */
  approvedAt: ts('approved_at'),
  /** The commercial terms the admin set: Tribuna's platform fee per ticket sold (minor units) and/or a share of the ticket price. */
  platformFeePerTicket: integer('platform_fee_per_ticket').notNull().default(0),
  platformFeeBps: integer('platform_fee_bps').notNull().default(0),
  /** When its payouts are made: per settlement period (monthly) or after each event. */
  payoutSchedule: payoutScheduleEnum('payout_schedule').notNull().default('period'),
  /**
   * Which payment provider takes this organisation's payments (payments/index.ts paymentProviderFor):
   * null = the deployment's default (Stripe, or the demo's test gateway); 'comgate' = Comgate, when the
   * deployment configures it (COMGATE_*). docs/decisions/comgate.md.
   */
  paymentProvider: text('payment_provider'),
  /**
   * The service fee of a ticket a fan cancels themselves goes back too (lib/server/refunds, docs/decisions/partial-refunds.md):
   * off by default, so a fan's own cancellation keeps it; a refund the organiser causes (a cancelled or postponed event) always returns it.
   */
  refundServiceFee: boolean('refund_service_fee').notNull().default(false),
  createdAt: createdAt(),
});

export const orgMembers = pgTable(
  'org_members',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: memberRoleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('org_members_user_idx').on(t.userId)],
);

/** An owner's invitation to join the team; accepted by the account signed in with its link (team/team.ts). */
export const orgInvitations = pgTable(
  'org_invitations',
  {
    id: id(),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: memberRoleEnum('role').notNull(),
    /** SHA-256 of the link's token (auth/session-token.ts hashToken); the token itself is only in the mail. */
    tokenHash: text('token_hash').notNull(),
    locale: localeEnum('locale').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('org_invitations_token_uq').on(t.tokenHash),
    uniqueIndex('org_invitations_one_open_per_email_uq').on(t.orgId, t.email).where(sql`accepted_at is null and revoked_at is null`),
  ],
);

/** A shape drawn under the seats of a venue's map: the pitch, rink or stage (viewBox units). */
export type VenueOutlineShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; radius?: number; label?: LocalizedText }
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; label?: LocalizedText }
  | { kind: 'polygon'; points: [number, number][]; label?: LocalizedText };

export const venues = pgTable('venues', {
  id: id(),
  /** The organisation whose venue this is; only its members see and edit it. */
  orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  latitude: real('latitude'),
  longitude: real('longitude'),
  /** SVG viewBox width/height the seat coordinates are drawn in. */
  mapWidth: integer('map_width'),
  mapHeight: integer('map_height'),
  /** The pitch, rink or stage drawn on the fan's seat map. */
  outline: jsonb('outline').$type<VenueOutlineShape[]>().notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const venueSections = pgTable(
  'venue_sections',
  {
    id: id(),
    venueId: uuid('venue_id').notNull().references(() => venues.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Seated: rows of seats; standing: an area of `capacity` places. */
    kind: text('kind', { enum: ['seated', 'standing'] }).notNull().default('seated'),
    capacity: integer('capacity'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where the section's label is drawn. */
    labelX: real('label_x'),
    labelY: real('label_y'),
  },
  (t) => [uniqueIndex('venue_sections_code_uq').on(t.venueId, t.code)],
);

export const venueRows = pgTable(
  'venue_rows',
  {
    id: id(),
    sectionId: uuid('section_id').notNull().references(() => venueSections.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('venue_rows_label_uq').on(t.sectionId, t.label)],
);

export const venueSeats = pgTable(
  'venue_seats',
  {
    id: id(),
    venueId: uuid('venue_id').notNull().references(() => venues.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').notNull().references(() => venueSections.id, { onDelete: 'cascade' }),
    rowId: uuid('row_id').notNull().references(() => venueRows.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    x: real('x').notNull(),
    y: real('y').notNull(),
  },
  (t) => [uniqueIndex('venue_seats_label_uq').on(t.rowId, t.label), index('venue_seats_venue_idx').on(t.venueId)],
);

// ── events ──────────────────────────────────────────────────────────────────
export const eventCategoryEnum = pgEnum('event_category', ['sport', 'concert', 'festival']);
export const eventStatusEnum = pgEnum('event_status', ['draft', 'on_sale', 'sold_out', 'cancelled']);
/** Where a refunded share of an order goes: back to its payment, or as wallet credit with the organiser. */
export const refundModeEnum = pgEnum('refund_mode', ['payment', 'credit']);

export const seasons = pgTable('seasons', {
  id: id(),
  orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  venueId: uuid('venue_id').notNull().references(() => venues.id),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
  // Selling season tickets (lib/server/seasons): the price per season category (season_categories).
  currency: currencyEnum('currency').notNull().default('EUR'),
  /** General sale of season tickets; null = not on sale. */
  saleOpensAt: ts('sale_opens_at'),
  saleClosesAt: ts('sale_closes_at'),
  /** While it lasts, the holders of `renewsSeasonId` keep their seat: nobody else may take it. */
  renewalOpensAt: ts('renewal_opens_at'),
  renewalClosesAt: ts('renewal_closes_at'),
  renewsSeasonId: uuid('renews_season_id').references((): AnyPgColumn => seasons.id, { onDelete: 'set null' }),
  /** A holder may give the whole season ticket to another fan. */
  transferEnabled: boolean('transfer_enabled').notNull().default(true),
  /** The holder's credit, in % of the match's face value, when a seat released for one match sells. */
  releaseSharePercent: integer('release_share_percent').notNull().default(50),
  /** How a holder gets a cancelled match's share back: to the payment, or as wallet credit with the club (events/cancel.ts). */
  cancelRefundMode: refundModeEnum('cancel_refund_mode').notNull().default('payment'),
  /** The match new matches of the season start from (seasons/template.ts); null: none chosen. */
  templateEventId: uuid('template_event_id').references((): AnyPgColumn => events.id, { onDelete: 'set null' }),
});

/**
 * Replaced by season_categories (migration 0027 copied its rows there); nothing reads it any more. Kept
 * until a contract migration drops it, so that a server still running the previous release keeps working.
 */
export const seasonPrices = pgTable(
  'season_prices',
  {
    seasonId: uuid('season_id').notNull().references(() => seasons.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    priceAmount: integer('price_amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seasonId, t.code] })],
);

/**
 * A season-ticket category with its price (issue 28 item 7). Each match's price categories are mapped onto
 * one explicitly (ticket_types.season_category_id): a seat is priced by what its category at the first
 * remaining match maps to, and is not on season sale while its category at any remaining match is unmapped
 * (functions.sql season_seats).
 */
export const seasonCategories = pgTable(
  'season_categories',
  {
    id: id(),
    seasonId: uuid('season_id').notNull().references(() => seasons.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    color: text('color').notNull().default('#2563eb'),
    priceAmount: integer('price_amount').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('season_categories_season_idx').on(t.seasonId, t.sort)],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    /** The readable id in URLs. */
    slug: text('slug').notNull(),
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    venueId: uuid('venue_id').notNull().references(() => venues.id),
    seasonId: uuid('season_id').references(() => seasons.id),
    category: eventCategoryEnum('category').notNull(),
    status: eventStatusEnum('status').notNull().default('draft'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Teams, artists, line-up: searchable, shown as given. */
    performers: text('performers').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased, diacritics-stripped text of titles, performers, venue and city in all languages. */
    searchText: text('search_text').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    gallery: jsonb('gallery').$type<GalleryImage[]>().notNull().default(sql`'[]'::jsonb`),
    currency: currencyEnum('currency').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    doorsAt: ts('doors_at'),
    reservationMinutes: integer('reservation_minutes').notNull().default(10),
    maxTicketsPerOrder: integer('max_tickets_per_order').notNull().default(10),
    maxTicketsPerUser: integer('max_tickets_per_user').notNull().default(20),
    // resale and transfer policy, set by the organiser
    transferEnabled: boolean('transfer_enabled').notNull().default(true),
    resaleEnabled: boolean('resale_enabled').notNull().default(false),
    /** Cap as a percentage of face value (100 = face value). */
    resaleCapPercent: integer('resale_cap_percent'),
    /** Absolute cap in minor units of the event's currency. */
    resaleCapAmount: integer('resale_cap_amount'),
    /** Resale closes this many hours before the start. */
    resaleWindowHours: integer('resale_window_hours').notNull().default(2),
    /** Fees in basis points (500 = 5 %). */
    resaleSellerFeeBps: integer('resale_seller_fee_bps').notNull().default(0),
    resaleBuyerFeeBps: integer('resale_buyer_fee_bps').notNull().default(0),
    /** The organiser's share of the resale fees (seller's and buyer's), in percent; paid with its settlement. */
    resaleOrganiserSharePercent: integer('resale_organiser_share_percent').notNull().default(0),
    /** Tickets their holder got free (redeem codes, comps: no order line, or a price of 0) may be resold too; off by default. */
    freeTicketsResale: boolean('free_tickets_resale').notNull().default(false),
    /** Every ticket of the event is in its holder's name (a risk match, Slovak act 1/2014); per section: eventNamedSections. */
    namedTickets: boolean('named_tickets').notNull().default(false),
    /** Service fee per ticket on the primary market, minor units. */
    serviceFeeAmount: integer('service_fee_amount').notNull().default(0),
    /** Sales open and close; null = open from publishing / until the start. */
    saleStartsAt: ts('sale_starts_at'),
    saleEndsAt: ts('sale_ends_at'),
    /**
     * Priority access (loyalty): fans with at least prioritySalePoints points of the organiser may buy from
     * prioritySaleStartsAt, before saleStartsAt (lib/server/events/rules.ts salePhase). Both or neither.
     */
    prioritySaleStartsAt: ts('priority_sale_starts_at'),
    prioritySalePoints: integer('priority_sale_points'),
    publishedAt: ts('published_at'),
    /** Set when the organiser cancelled it; its paid orders are refunded by events/cancel.ts until none is left. */
    cancelledAt: ts('cancelled_at'),
    /** The office's own words to the holders, written when it cancelled: every cancellation mail carries them (events/cancel-mail.ts). */
    cancellationMessage: text('cancellation_message'),
    /**
     * The latest end the event has had (its end, else its start): a date may move later and back, and a
     * resale payout waits for the latest one it ever had (payouts/state.ts), never for an earlier one.
     */
    latestEndAt: ts('latest_end_at'),
    /** Fans may queue for returned tickets once it sells out (lib/server/waiting-list); an offer holds them this long. */
    waitingListEnabled: boolean('waiting_list_enabled').notNull().default(false),
    waitingListOfferMinutes: integer('waiting_list_offer_minutes').notNull().default(30),
    /** Fans may cancel their own tickets (lib/server/refunds/self-cancel.ts) up to selfCancelHours before the start. */
    selfCancelAllowed: boolean('self_cancel_allowed').notNull().default(false),
    selfCancelHours: integer('self_cancel_hours').notNull().default(48),
    /** A fan's own cancellation returns the service fee too; null: the organisation's rule (organisations.refund_service_fee). */
    selfCancelRefundsFee: boolean('self_cancel_refunds_fee'),
    /** Postponed (lib/server/refunds/postpone.ts): when, the start it had before, and until when holders may ask for their money. */
    postponedAt: ts('postponed_at'),
    postponedFrom: ts('postponed_from'),
    refundDeadline: ts('refund_deadline'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_slug_uq').on(t.slug),
    index('events_listing_idx').on(t.status, t.startsAt),
    index('events_org_idx').on(t.orgId),
  ],
);

export const seatingKindEnum = pgEnum('seating_kind', ['seated', 'standing']);

/** A price category of an event. */
export const ticketTypes = pgTable(
  'ticket_types',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    kind: seatingKindEnum('kind').notNull(),
    priceAmount: integer('price_amount').notNull(),
    /** Seat-map colour of this category. */
    color: text('color').notNull().default('#2563eb'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The season category this category's seats are sold in as season tickets; null = not on season sale. */
    seasonCategoryId: uuid('season_category_id').references(() => seasonCategories.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('ticket_types_code_uq').on(t.eventId, t.code), index('ticket_types_season_category_idx').on(t.seasonCategoryId)],
);

/** Which price category sells a venue section (or standing area) at an event; its units follow it (inventory/sync.ts). */
export const eventSections = pgTable(
  'event_sections',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').notNull().references(() => venueSections.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sectionId] })],
);

export const unitStatusEnum = pgEnum('unit_status', ['available', 'held', 'sold', 'blocked']);

/**
 * One row per sellable unit: a seat of a seated category, or one standing place.
 * A unit is taken when sold, or held with held_until in the future. An expired hold is free
 * on every read even before the sweeper resets it.
 */
export const inventoryUnits = pgTable(
  'inventory_units',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id, { onDelete: 'cascade' }),
    seatId: uuid('seat_id').references(() => venueSeats.id),
    status: unitStatusEnum('status').notNull().default('available'),
    holdId: uuid('hold_id'),
    heldUntil: ts('held_until'),
    /** Random number to start "any N places" searches from a spread-out point. */
    spread: integer('spread').notNull().default(sql`floor(random() * 1000000)::int`),
  },
  (t) => [
    uniqueIndex('inventory_units_seat_uq').on(t.eventId, t.seatId),
    index('inventory_units_type_status_idx').on(t.ticketTypeId, t.status, t.spread),
    index('inventory_units_event_idx').on(t.eventId),
    index('inventory_units_hold_idx').on(t.holdId),
    // What is in fans' carts right now, counted by the live on-sale view without reading the event's other units.
    index('inventory_units_event_held_idx').on(t.eventId, t.heldUntil).where(sql`status = 'held'`),
  ],
);

// ── buying ──────────────────────────────────────────────────────────────────
export const couponKindEnum = pgEnum('coupon_kind', ['percent', 'fixed']);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    code: text('code').notNull(),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    /** Limits the coupon to these price categories (codes); null = all. */
    ticketTypeCodes: text('ticket_type_codes').array(),
    kind: couponKindEnum('kind').notNull(),
    /** Percent (1–100) or a fixed amount in minor units. */
    value: integer('value').notNull(),
    currency: currencyEnum('currency'),
    validFrom: ts('valid_from'),
    validUntil: ts('valid_until'),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    usedCount: integer('used_count').notNull().default(0),
    /** Deactivated by the organiser: refused like an unknown code. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(t.code), index('coupons_org_idx').on(t.orgId)],
);

export const holdStatusEnum = pgEnum('hold_status', ['active', 'ordered', 'completed', 'expired', 'released']);

/** The cart: one active hold per fan per event. */
export const holds = pgTable(
  'holds',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    status: holdStatusEnum('status').notNull().default('active'),
    expiresAt: ts('expires_at').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** A season-ticket hold (lib/server/seasons): its units are one seat at every remaining match; eventId is the first of them. */
    seasonId: uuid('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('holds_one_open_per_user_event_uq')
      .on(t.userId, t.eventId)
      .where(sql`status in ('active', 'ordered') and season_id is null`),
    uniqueIndex('holds_one_open_per_user_season_uq')
      .on(t.userId, t.seasonId)
      .where(sql`status in ('active', 'ordered') and season_id is not null`),
    index('holds_expiry_idx').on(t.status, t.expiresAt),
  ],
);

export const holdItems = pgTable(
  'hold_items',
  {
    id: id(),
    holdId: uuid('hold_id').notNull().references(() => holds.id, { onDelete: 'cascade' }),
    /** Set null when an organiser removes a unit no order ever took (its seat left the layout, its section the event). */
    unitId: uuid('unit_id').references(() => inventoryUnits.id, { onDelete: 'set null' }),
    listingId: uuid('listing_id'),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id),
    priceAmount: integer('price_amount').notNull(),
    feeAmount: integer('fee_amount').notNull().default(0),
    createdAt: createdAt(),
    /** The package this ticket is part of (lib/server/packages): held, shown and released with it, all or nothing. */
    packageLineId: uuid('package_line_id'),
  },
  (t) => [index('hold_items_hold_idx').on(t.holdId), index('hold_items_package_line_idx').on(t.packageLineId).where(sql`package_line_id is not null`)],
);

/**
 * waiting: in line; offered: returned tickets are held in the fan's cart (hold_id) until offer_expires_at;
 * bought: the offer was paid; expired: the offer ran out and passed on; left: the fan left; closed: the
 * organiser turned the list off, or the fan may not have more tickets.
 */
export const waitingStatusEnum = pgEnum('waiting_status', ['waiting', 'offered', 'bought', 'expired', 'left', 'closed']);

/** A fan's place on an event's waiting list (lib/server/waiting-list): first come, first served by created_at. */
export const waitingListEntries = pgTable(
  'waiting_list_entries',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    /** Waiting for one price category; null = any of the event's. */
    ticketTypeId: uuid('ticket_type_id').references(() => ticketTypes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: waitingStatusEnum('status').notNull().default('waiting'),
    holdId: uuid('hold_id').references(() => holds.id, { onDelete: 'set null' }),
    offeredAt: ts('offered_at'),
    offerExpiresAt: ts('offer_expires_at'),
    /** When the fan was told of the offer (lib/server/waiting-list/tell.ts); null while still to tell. */
    toldAt: ts('told_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waiting_list_one_open_per_user_event_uq')
      .on(t.userId, t.eventId)
      .where(sql`status in ('waiting', 'offered')`),
    index('waiting_list_event_status_idx').on(t.eventId, t.status, t.createdAt),
    index('waiting_list_user_idx').on(t.userId, t.createdAt),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    couponId: uuid('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    holdId: uuid('hold_id').notNull().references(() => holds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coupon_redemptions_hold_uq').on(t.holdId), index('coupon_redemptions_user_idx').on(t.couponId, t.userId)],
);

export const orderStatusEnum = pgEnum('order_status', ['pending', 'paid', 'failed', 'cancelled', 'refunded']);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id),
    eventId: uuid('event_id').notNull().references(() => events.id),
    holdId: uuid('hold_id').notNull().references(() => holds.id),
    status: orderStatusEnum('status').notNull().default('pending'),
    currency: currencyEnum('currency').notNull(),
    subtotalAmount: integer('subtotal_amount').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    feeAmount: integer('fee_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id),
    locale: localeEnum('locale').notNull(),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /**
     * When a paid order was refunded (events/cancel.ts). The refund queue dates the money that went back;
     * this dates the refund of an order that took no money (paid with credit or points), for the ledger.
     */
    refundedAt: ts('refunded_at'),
    /** Why a late payment was refunded, and similar. */
    note: text('note'),
    /**
     * The order's current payment: the one checkout created last. Only it can complete the order, and
     * only for exactly totalAmount in currency (payments/coverage.ts); any other payment that succeeds is
     * refunded. Checkout moves it to the new payment in the transaction that writes the new total.
     */
    currentPaymentId: uuid('current_payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    /**
     * Loyalty points the fan pays part of the order with, and what they take off its total (minor units).
     * The points are taken from the balance at checkout and given back when the order does not go through
     * (functions.sql loyalty_spend, loyalty_on_order_status).
     */
    loyaltyPoints: integer('loyalty_points').notNull().default(0),
    loyaltyAmount: integer('loyalty_amount').notNull().default(0),
    /** The company the fan buys for (entered at checkout): its tax documents are in the company's name (documents/). */
    billing: jsonb('billing').$type<BillingCompany | null>(),
  },
  // orders_event_status_idx: an event's paid orders, which a cancellation refunds (events/cancel.ts).
  // orders_event_paid_idx: an event's sales over time and in the last minute (organiser/reports).
  (t) => [
    index('orders_user_idx').on(t.userId),
    uniqueIndex('orders_hold_uq').on(t.holdId),
    index('orders_event_status_idx').on(t.eventId, t.status),
    index('orders_event_paid_idx').on(t.eventId, t.paidAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').references(() => inventoryUnits.id),
    listingId: uuid('listing_id'),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id),
    priceAmount: integer('price_amount').notNull(),
    feeAmount: integer('fee_amount').notNull().default(0),
    /**
     * Tribuna's platform fee on a primary ticket (the organisation's terms when the line was written: per ticket
     * plus a share of the face price, never more than the price), set only by functions.sql
     * order_item_platform_fee; 0 on resale lines. Deducted from what the organiser is owed (reports/ledger.ts).
     */
    platformFeeAmount: integer('platform_fee_amount').notNull().default(0),
    /** The package this ticket was bought in (its cart line, hold_packages): the receipt shows the package as one line. */
    packageLineId: uuid('package_line_id').references(() => holdPackages.id),
  },
  // order_items_listing_idx: the order that bought a resale listing, which a payout waits for (payouts/state.ts).
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_listing_idx').on(t.listingId).where(sql`listing_id is not null`)],
);

export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'succeeded', 'declined', 'cancelled', 'refunded']);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_provider_ref_uq').on(t.provider, t.providerRef), index('payments_order_idx').on(t.orderId)],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded']);

/**
 * The refund queue: a payment that must go back (not the order's current one, another amount, the
 * tickets gone), at most once per payment. The sweeper of every server process works it (SKIP LOCKED)
 * and retries a provider failure later, with a growing wait (payments/refunds.ts).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: uuid('payment_id').notNull().references(() => payments.id),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    /** NOT_CURRENT, AMOUNT_MISMATCH, ORDER_ALREADY_PAID, LATE_PAYMENT_UNITS_TAKEN or EVENT_CANCELLED. */
    reason: text('reason').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next: now when queued, a lease while one works on it, later after a failure. */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    refundedAt: ts('refunded_at'),
    /**
     * What of the payment goes back: 'whole', or the id of one event whose share of the order is refunded
     * (a cancelled match of a season ticket: events/cancel.ts). Each at most once per payment.
     */
    scope: text('scope').notNull().default('whole'),
  },
  (t) => [uniqueIndex('refunds_payment_scope_uq').on(t.paymentId, t.scope), index('refunds_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * An order's money per event, split when it is paid (orders/shares.ts, functions.sql order_split): one row
 * for an ordinary order, one per match for a season ticket. The shares of an order add up exactly to its
 * figures. Reports, settlements and refunds read these, never orders.event_id: a season ticket's money
 * belongs to each of its matches. A cancelled event refunds its shares (events/cancel.ts).
 */
export const orderShares = pgTable(
  'order_shares',
  {
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id),
    tickets: integer('tickets').notNull(),
    priceAmount: integer('price_amount').notNull(),
    feeAmount: integer('fee_amount').notNull(),
    discountAmount: integer('discount_amount').notNull(),
    /** Paid with the organiser's wallet credit and loyalty points. */
    creditAmount: integer('credit_amount').notNull(),
    /** Paid with money: price + fee − discount − credit. */
    totalAmount: integer('total_amount').notNull(),
    refundedAt: ts('refunded_at'),
    refundMode: refundModeEnum('refund_mode'),
    /** Of totalAmount: what went back to the payment, and what was given as wallet credit instead. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    creditedAmount: integer('credited_amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.eventId] }), index('order_shares_event_idx').on(t.eventId, t.refundedAt)],
);

export const partialRefundKindEnum = pgEnum('partial_refund_kind', ['ticket', 'amount']);

/**
 * A refund of part of a paid order (lib/server/refunds): one ticket (at most once: partial_refunds_ticket_uq) or
 * an amount. Its figures are the ticket's share of the order (price, its share of the coupon, service fee
 * returned, credit and points given back) and the money sent to the payment (the refund row, scope
 * `ticket:<id>` or `amount:<id>`). The ledger (reports/ledger.ts) counts them as refunds of the order's share.
 */
export const partialRefunds = pgTable(
  'partial_refunds',
  {
    id: id(),
    kind: partialRefundKindEnum('kind').notNull(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    /** SELF_CANCELLED, EVENT_POSTPONED, ORGANISER_REFUND or GOODWILL (payments/refunds.ts RefundReason). */
    reason: text('reason').notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    currency: currencyEnum('currency').notNull(),
    /** Face price refunded (a goodwill amount: the amount). */
    priceAmount: integer('price_amount').notNull().default(0),
    /** The ticket's share of the coupon discount (it was never paid). */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** Service fee returned, and the one kept. */
    feeAmount: integer('fee_amount').notNull().default(0),
    feeKeptAmount: integer('fee_kept_amount').notNull().default(0),
    /** Given back as wallet credit, and the value of the loyalty points given back (with the points). */
    walletAmount: integer('wallet_amount').notNull().default(0),
    pointsAmount: integer('points_amount').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Sent back to the payment (the refund row's amount). */
    moneyAmount: integer('money_amount').notNull().default(0),
    refundId: uuid('refund_id').references(() => refunds.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partial_refunds_ticket_uq').on(t.ticketId).where(sql`ticket_id is not null`),
    index('partial_refunds_order_idx').on(t.orderId, t.eventId),
    index('partial_refunds_event_idx').on(t.eventId, t.createdAt),
  ],
);

/** Webhook events already handled: the same event twice changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

// ── tickets ─────────────────────────────────────────────────────────────────
/** released: a season-ticket holder gave the seat back to sale for this one match (lib/server/seasons/release.ts). */
export const ticketStatusEnum = pgEnum('ticket_status', ['valid', 'listed', 'checked_in', 'void', 'released']);
/**
 * Concessions (lib/server/concessions): child, student, senior, ZŤP (Slovak/Czech disability card) and
 * ZŤP-S (with a companion); 'companion' marks the free companion seat of a ZŤP-S ticket.
 */
export const ticketConcessionEnum = pgEnum('ticket_concession', ['child', 'student', 'senior', 'ztp', 'ztp_s', 'companion']);


/**
 * Units of a season's matches held back from every sale while the season's renewal window lasts, because
 * last season's holder of that seat may still renew it (season_reserve_renewals, functions.sql). The
 * unit's status is 'blocked'; only its holder's renewal can claim it, and when the window ends the
 * sweeper gives the unrenewed ones back to sale.
 */
export const seasonRenewalBlocks = pgTable(
  'season_renewal_blocks',
  {
    unitId: uuid('unit_id').primaryKey().references(() => inventoryUnits.id, { onDelete: 'cascade' }),
    seasonId: uuid('season_id').notNull().references(() => seasons.id, { onDelete: 'cascade' }),
  },
  (t) => [index('season_renewal_blocks_season_idx').on(t.seasonId)],
);

export const seasonTickets = pgTable(
  'season_tickets',
  {
    id: id(),
    seasonId: uuid('season_id').notNull().references(() => seasons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id),
    seatId: uuid('seat_id').notNull().references(() => venueSeats.id),
    createdAt: createdAt(),
    /** The order that bought or renewed it; null for one made by hand (the demo seed). */
    orderId: uuid('order_id').references(() => orders.id),
  },
  (t) => [uniqueIndex('season_tickets_seat_uq').on(t.seasonId, t.seatId)],
);

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    unitId: uuid('unit_id').notNull().references(() => inventoryUnits.id),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id),
    ownerId: uuid('owner_id').notNull().references(() => users.id),
    orderId: uuid('order_id').references(() => orders.id),
    seasonTicketId: uuid('season_ticket_id').references(() => seasonTickets.id),
    status: ticketStatusEnum('status').notNull().default('valid'),
    /** Face value in minor units. */
    priceAmount: integer('price_amount').notNull(),
    /** Root of the rotating code's keys (lib/ticket-code/keys.ts); replaced with version + 1 on every change of owner. */
    secret: text('secret').notNull(),
    version: integer('version').notNull().default(1),
    /**
     * Ed25519 public key (base64url) of this secret and version, what gates verify codes with; stored so
     * a scan derives nothing. Null means "derive it": a trigger forgets a key whose secret or version changed.
     */
    codePublicKey: text('code_public_key'),
    checkedInAt: ts('checked_in_at'),
    /**
     * The gate the ticket entered by (the scanning device's gate name; null: a gate that named none), set with
     * checked_in_at by the same conditional update: the live view and the report count entries per gate here.
     */
    checkedInGate: text('checked_in_gate'),
    /** In its holder's name (lib/server/named-tickets): set from unit_is_named when issued or when the organiser changes the rule. */
    named: boolean('named').notNull().default(false),
    /** The named holder; null until named (a named ticket without one is refused at the gate) and once erased 30 days after the event. */
    holderName: text('holder_name'),
    holderBirthDate: date('holder_birth_date', { mode: 'string' }),
    holderErasedAt: ts('holder_erased_at'),
    /** A concession ticket (lib/server/concessions): the gate asks for the card (ZŤP, student…); 'companion' is a ZŤP-S holder's free companion. */
    concession: ticketConcessionEnum('concession'),
    /** A companion ticket: the ZŤP-S ticket it goes with (it moves only with that one: tickets/ownership.ts). */
    companionOf: uuid('companion_of').references((): AnyPgColumn => tickets.id),
    createdAt: createdAt(),
  },
  // tickets_event_idx: an event's tickets, and in id order the attendee export's batches (reports/exports.ts).
  (t) => [
    // One live ticket per place: a refunded ticket is void and its place sold again (lib/server/refunds).
    uniqueIndex('tickets_unit_live_uq').on(t.unitId).where(sql`status <> 'void'`),
    index('tickets_unit_idx').on(t.unitId),
    index('tickets_owner_idx').on(t.ownerId),
    index('tickets_event_idx').on(t.eventId, t.id),
    // A season ticket has one ticket per match, issued exactly once (lib/server/seasons/issue.ts).
    uniqueIndex('tickets_season_match_uq').on(t.seasonTicketId, t.eventId).where(sql`season_ticket_id is not null`),
    // A ZŤP-S ticket's companion, found when the holder's ticket moves.
    index('tickets_companion_idx').on(t.companionOf).where(sql`companion_of is not null`),
  ],
);

export const giftStatusEnum = pgEnum('gift_status', ['pending', 'claimed', 'cancelled']);

export const gifts = pgTable(
  'gifts',
  {
    id: id(),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id').notNull().references(() => users.id),
    toEmail: text('to_email').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id),
    status: giftStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    uniqueIndex('gifts_one_pending_per_ticket_uq').on(t.ticketId).where(sql`status = 'pending'`),
    index('gifts_to_email_idx').on(t.toEmail),
    // the gift traces of Your tickets: what a fan gave away, and what they were given
    index('gifts_from_user_idx').on(t.fromUserId),
    index('gifts_to_user_idx').on(t.toUserId),
  ],
);

export const listingStatusEnum = pgEnum('listing_status', ['active', 'sold', 'withdrawn']);

export const resaleListings = pgTable(
  'resale_listings',
  {
    id: id(),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id),
    sellerId: uuid('seller_id').notNull().references(() => users.id),
    priceAmount: integer('price_amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    status: listingStatusEnum('status').notNull().default('active'),
    /** A buyer's cart holding this listing, while held_until is in the future. */
    holdId: uuid('hold_id'),
    heldUntil: ts('held_until'),
    createdAt: createdAt(),
    soldAt: ts('sold_at'),
  },
  (t) => [
    uniqueIndex('resale_listings_one_active_per_ticket_uq').on(t.ticketId).where(sql`status = 'active'`),
    index('resale_listings_event_idx').on(t.eventId, t.status),
  ],
);

/** cancelled: the resold ticket's event was cancelled and its buyer refunded, so the seller is not paid (events/cancel.ts). */
export const payoutStatusEnum = pgEnum('payout_status', ['pending', 'paid', 'cancelled']);

/**
 * A seller's bank account for resale payouts (one per user). The IBAN is kept whole because the payout
 * file needs it; every answer shows it masked (payouts/bank-account.ts).
 */
export const bankAccounts = pgTable('bank_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  iban: text('iban').notNull(),
  holderName: text('holder_name').notNull(),
  bic: text('bic'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const payoutRunStatusEnum = pgEnum('payout_run_status', ['prepared', 'confirmed', 'cancelled']);

/**
 * A batch of due payouts in one currency, written as one credit-transfer file (pain.001) for the bank.
 * Prepared: the file exists and its payouts are reserved for it; confirmed: the bank executed it and its
 * payouts are paid; cancelled: the file was not sent and its payouts are free for the next run.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: id(),
    currency: currencyEnum('currency').notNull(),
    status: payoutRunStatusEnum('status').notNull().default('prepared'),
    /** The file's message id (pain.001 MsgId), unique per run. */
    messageId: text('message_id').notNull(),
    payoutCount: integer('payout_count').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** The pain.001 XML as handed to the bank. */
    file: text('file').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    confirmedAt: ts('confirmed_at'),
    confirmedBy: uuid('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [uniqueIndex('payout_runs_message_uq').on(t.messageId), index('payout_runs_created_idx').on(t.createdAt)],
);

/** What sellers are owed for resold tickets. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id),
    listingId: uuid('listing_id').notNull().references(() => resaleListings.id),
    grossAmount: integer('gross_amount').notNull(),
    feeAmount: integer('fee_amount').notNull(),
    netAmount: integer('net_amount').notNull(),
    /** The organiser's part of this sale's fees (seller's and buyer's), fixed when it sold (organiser settlement). */
    organiserShareAmount: integer('organiser_share_amount').notNull().default(0),
    currency: currencyEnum('currency').notNull(),
    status: payoutStatusEnum('status').notNull().default('pending'),
    createdAt: createdAt(),
    /** The prepared or confirmed run that pays it; null while it waits (a cancelled run lets go of it). */
    runId: uuid('run_id').references(() => payoutRuns.id),
    /** The account it was paid to, masked, and when (the run's confirmation). */
    paidTo: text('paid_to'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('payouts_listing_uq').on(t.listingId),
    index('payouts_user_idx').on(t.userId),
    index('payouts_waiting_idx').on(t.status, t.runId),
  ],
);

export const organiserPayoutStatusEnum = pgEnum('organiser_payout_status', ['pending', 'carried', 'paid']);

/**
 * What Tribuna pays an organisation (payouts/organisers.ts): one row per settlement period (a calendar month
 * in Europe/Bratislava) or per event, as the organisation's payout_schedule says, made once (period_key).
 * `cum_*` is the organisation's ledger up to `cutoff` (what it has been owed in total); the row's figures are
 * the difference to the previous row's, and `amount` = owed + carried_in, where carried_in is what earlier
 * rows left unpaid (a negative balance: a refund after a payout). A row with amount ≤ 0 pays nothing
 * ('carried') and the next row carries it.
 */
export const organiserPayouts = pgTable(
  'organiser_payouts',
  {
    id: id(),
    orgId: uuid('org_id').notNull().references(() => organisations.id),
    currency: currencyEnum('currency').notNull(),
    /** 'period:2026-10' or 'event:<uuid>': the payout of that period or event, once. */
    periodKey: text('period_key').notNull(),
    /** 1, 2, 3… per organisation and currency: the order the rows were made in (each carries the previous). */
    seq: integer('seq').notNull(),
    eventId: uuid('event_id').references(() => events.id),
    /** The period's first instant (a period's payout), null for an event's. */
    periodStart: ts('period_start'),
    /** The ledger counts sales paid and refunds made before this instant. */
    cutoff: ts('cutoff').notNull(),
    cumPrimaryNet: bigint('cum_primary_net', { mode: 'number' }).notNull(),
    cumPlatformFee: bigint('cum_platform_fee', { mode: 'number' }).notNull(),
    cumResaleShare: bigint('cum_resale_share', { mode: 'number' }).notNull(),
    cumOwed: bigint('cum_owed', { mode: 'number' }).notNull(),
    primaryNet: integer('primary_net').notNull(),
    platformFee: integer('platform_fee').notNull(),
    resaleShare: integer('resale_share').notNull(),
    /** primaryNet − platformFee + resaleShare. */
    owed: integer('owed').notNull(),
    /** The previous rows' unpaid balance (≤ 0). */
    carriedIn: integer('carried_in').notNull(),
    /** owed + carriedIn: paid when positive, carried to the next row otherwise. */
    amount: integer('amount').notNull(),
    status: organiserPayoutStatusEnum('status').notNull(),
    runId: uuid('run_id').references(() => payoutRuns.id),
    paidTo: text('paid_to'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organiser_payouts_period_uq').on(t.orgId, t.currency, t.periodKey),
    uniqueIndex('organiser_payouts_seq_uq').on(t.orgId, t.currency, t.seq),
    index('organiser_payouts_waiting_idx').on(t.status, t.runId),
  ],
);

/** Redeem codes generated together by an organiser (coupons/redeem-codes.ts), exported as one CSV. */
export const redeemCodeBatches = pgTable(
  'redeem_code_batches',
  {
    id: id(),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('redeem_code_batches_org_idx').on(t.orgId, t.createdAt)],
);

/** Claims tickets (complimentary, partner vouchers). Single use. */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: id(),
    code: text('code').notNull(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id),
    quantity: integer('quantity').notNull().default(1),
    expiresAt: ts('expires_at'),
    usedAt: ts('used_at'),
    usedBy: uuid('used_by').references(() => users.id),
    batchId: uuid('batch_id').references(() => redeemCodeBatches.id, { onDelete: 'cascade' }),
    /** Deactivated by the organiser: refused like an unknown code. */
    deactivatedAt: ts('deactivated_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('redeem_codes_code_uq').on(t.code), index('redeem_codes_batch_idx').on(t.batchId)],
);

export const scanResultEnum = pgEnum('scan_result', ['admitted', 'already_used', 'invalid', 'wrong_event', 'expired', 'not_valid']);

export const scanLog = pgTable(
  'scan_log',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    scannerId: uuid('scanner_id').references(() => users.id),
    result: scanResultEnum('result').notNull(),
    gate: text('gate'),
    scannedAt: ts('scanned_at').notNull().defaultNow(),
  },
  (t) => [index('scan_log_event_idx').on(t.eventId, t.scannedAt)],
);

// ── notifications (issue 19) ────────────────────────────────────────────────
// Type only: erased, so drizzle-kit and the scripts need no path alias.
type NotificationTopic = import('../../schemas/notifications').NotificationTopic;

/** Installation-wide values kept with the data (the VAPID keys: notifications/vapid.ts). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** A browser's Web Push subscription; one row per device, removed when the push service answers 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/** A fan's topics per channel; no row means every topic on both channels. The language is users.locale. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  pushTopics: text('push_topics').array().$type<NotificationTopic[]>().notNull(),
  emailTopics: text('email_topics').array().$type<NotificationTopic[]>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An organiser's message to every ticket holder of an event, to every holder of a season ticket of a
 * season, or — neither set — to everyone holding a ticket to any coming event of the organisation
 * (notifications/announcements.ts): at most one of event_id and season_id is set.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    seasonId: uuid('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: jsonb('message').$type<LocalizedText>().notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('announcements_event_idx').on(t.eventId, t.createdAt),
    index('announcements_season_idx').on(t.seasonId, t.createdAt),
    index('announcements_org_idx').on(t.orgId, t.createdAt),
    check('announcements_target_ck', sql`num_nonnulls(${t.eventId}, ${t.seasonId}) <= 1`),
  ],
);

/**
 * queued: waits for the sender (next_attempt_at; a claimed row's lease); sent: went out by `channel`;
 * failed: gave up after the last retry; skipped: the fan turned the topic off on every channel they have.
 */
export const notificationStatusEnum = pgEnum('notification_status', ['queued', 'sent', 'failed', 'skipped']);

/** The notification queue: one row per fan and notification, never two for one dedupe key (notifications/notify.ts). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').$type<NotificationTopic>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** Whose rate it counts against (notifications/sender.ts); null for Tribuna's own. */
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    status: notificationStatusEnum('status').notNull().default('queued'),
    channel: text('channel').$type<'push' | 'email'>(),
    attempts: integer('attempts').notNull().default(0),
    /** When a sender last took it (its lease); what the per-organiser rate counts. */
    claimedAt: ts('claimed_at'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.dedupeKey),
    index('notifications_due_idx').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    index('notifications_org_claimed_idx').on(t.orgId, t.claimedAt),
    index('notifications_announcement_idx').on(t.announcementId, t.status),
  ],
);

/** Fan-outs that happen once (an event's reminders, a change of its times): the key is taken by the first sweeper. */
export const notificationJobs = pgTable('notification_jobs', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
});
// ── feedback after an event (lib/server/feedback) ───────────────────────────
export const feedbackQuestionKindEnum = pgEnum('feedback_question_kind', ['rating', 'text']);

/** Up to three questions an organiser adds to an event's feedback form; answered 1–5 (`rating`) or in words (`text`). */
export const feedbackQuestions = pgTable(
  'feedback_questions',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    prompt: jsonb('prompt').$type<LocalizedText>().notNull(),
    kind: feedbackQuestionKindEnum('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_questions_event_idx').on(t.eventId, t.position)],
);

/** One answer to an event's question: a rating for a `rating` question, else text. */
export type FeedbackAnswer = { questionId: string; rating?: number; text?: string };

/** A checked-in holder's feedback on an event: one per holder and event (the unique index is what makes it so). */
export const feedbackResponses = pgTable(
  'feedback_responses',
  {
    id: id(),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    answers: jsonb('answers').$type<FeedbackAnswer[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('feedback_responses_holder_uq').on(t.eventId, t.userId),
    index('feedback_responses_event_idx').on(t.eventId, t.createdAt),
    check('feedback_responses_rating_ck', sql`${t.rating} between 1 and 5`),
  ],
);

/** Who was invited to give feedback on an event: the row is claimed before the invitation goes, so each holder is invited once. */
export const feedbackInvitations = pgTable(
  'feedback_invitations',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

// ── named tickets (risk matches, Slovak act 1/2014 on sports events) ────────
/** Sections of an event whose tickets are in the holder's name (besides events.named_tickets for all of them). */
export const eventNamedSections = pgTable(
  'event_named_sections',
  {
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id').notNull().references(() => venueSections.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sectionId] })],
);

/** The holder a buyer named for a line of the cart before paying; copied to the ticket when it is issued. */
export const holdItemHolders = pgTable('hold_item_holders', {
  holdItemId: uuid('hold_item_id')
    .primaryKey()
    .references(() => holdItems.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
});

// ── loyalty points (per organiser) ──────────────────────────────────────────
/** An organiser's loyalty programme: points for showing up (a check-in) and optionally per euro/koruna spent. */
export const loyaltyPrograms = pgTable('loyalty_programs', {
  orgId: uuid('org_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** Points for each ticket checked in at the gate. */
  attendancePoints: integer('attendance_points').notNull().default(0),
  /** Points per whole euro or koruna of a paid order's total (0: none for spending). */
  pointsPerUnit: integer('points_per_unit').notNull().default(0),
  /** Points worth one euro or koruna when a fan pays with them in the cart (0: points are not spent). */
  redeemRate: integer('redeem_rate').notNull().default(0),
  /** At most this share (percent) of an order's tickets may be paid with points. */
  redeemMaxPercent: integer('redeem_max_percent').notNull().default(100),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const loyaltyKindEnum = pgEnum('loyalty_kind', ['attendance', 'purchase', 'redemption', 'reversal']);

/**
 * Every change of a fan's points with an organiser, written only by the database triggers of
 * lib/server/db/functions.sql (loyalty_*): a check-in, a paid order, a refund or a voided ticket.
 * Partial unique indexes make each award and each reversal happen once, whatever runs at once.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: id(),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    kind: loyaltyKindEnum('kind').notNull(),
    ticketId: uuid('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** A reversal: the entry it takes back. */
    reversesId: uuid('reverses_id').references((): AnyPgColumn => loyaltyLedger.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loyalty_attendance_once_uq').on(t.ticketId).where(sql`kind = 'attendance'`),
    uniqueIndex('loyalty_purchase_once_uq').on(t.orderId).where(sql`kind = 'purchase'`),
    uniqueIndex('loyalty_reversal_once_uq').on(t.reversesId).where(sql`kind = 'reversal'`),
    index('loyalty_ledger_user_idx').on(t.userId, t.createdAt),
    /** An order's points spent (loyalty_spend), found to give them back. */
    index('loyalty_ledger_order_idx').on(t.orderId),
  ],
);

/** The points a fan chose to pay with in a cart (lib/server/cart/loyalty.ts); spent at its checkout. */
export const loyaltyCartUses = pgTable('loyalty_cart_uses', {
  holdId: uuid('hold_id')
    .primaryKey()
    .references(() => holds.id, { onDelete: 'cascade' }),
  points: integer('points').notNull(),
});

/** A fan's points with an organiser: the sum of their ledger, kept by the ledger's trigger. */
export const loyaltyBalances = pgTable(
  'loyalty_balances',
  {
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] })],
);

/**
 * A package (issue 18): tickets sold as one at one price — a family ticket of seats together, a
 * festival pass over every day, a VIP add-on. Sold on the page of each event it covers; held and paid as
 * one; issued as a ticket per unit. `quantity`: how many packages are for sale.
 */
export const packages = pgTable(
  'packages',
  {
    id: id(),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    priceAmount: integer('price_amount').notNull(),
    currency: currencyEnum('currency').notNull(),
    quantity: integer('quantity').notNull(),
    onSale: boolean('on_sale').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('packages_org_idx').on(t.orgId)],
);

/** What a package holds: `quantity` tickets of a price category of an event (seated ones are seats together). */
export const packageContents = pgTable(
  'package_contents',
  {
    id: id(),
    packageId: uuid('package_id').notNull().references(() => packages.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('package_contents_package_idx').on(t.packageId), index('package_contents_event_idx').on(t.eventId)],
);

/** One package in a cart: its tickets are the hold_items with this package_line_id. */
export const holdPackages = pgTable(
  'hold_packages',
  {
    id: id(),
    holdId: uuid('hold_id').notNull().references(() => holds.id, { onDelete: 'cascade' }),
    packageId: uuid('package_id').notNull().references(() => packages.id),
    priceAmount: integer('price_amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hold_packages_package_idx').on(t.packageId), index('hold_packages_hold_idx').on(t.holdId)],
);

// ── releasing one match of a season ticket, and the wallet it credits (lib/server/seasons/release.ts, lib/server/wallet) ──
/**
 * released: the seat is on primary sale again for this match; sold: a buyer paid for it and the holder was credited;
 * taken_back: the holder took it back unsold; kept: the match's sale closed unsold and the ticket stayed the holder's.
 */
export const releaseStatusEnum = pgEnum('release_status', ['released', 'sold', 'taken_back', 'kept']);

/** A season-ticket holder's seat for one match given back to the club's sale; at most one open per ticket. */
export const seasonReleases = pgTable(
  'season_releases',
  {
    id: id(),
    ticketId: uuid('ticket_id').notNull().references(() => tickets.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id').notNull().references(() => inventoryUnits.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull().references(() => events.id, { onDelete: 'cascade' }),
    seasonTicketId: uuid('season_ticket_id').notNull().references(() => seasonTickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    currency: currencyEnum('currency').notNull(),
    /** The credit the holder gets if it sells: releaseSharePercent of the face value, fixed when released. */
    creditAmount: integer('credit_amount').notNull(),
    status: releaseStatusEnum('status').notNull().default('released'),
    /** The buyer's order that bought the seat. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [
    uniqueIndex('season_releases_open_ticket_uq').on(t.ticketId).where(sql`status = 'released'`),
    uniqueIndex('season_releases_open_unit_uq').on(t.unitId).where(sql`status = 'released'`),
    index('season_releases_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A fan's Tribuna wallet with one organiser in one currency: the row checkouts lock while they spend from it. */
export const wallets = pgTable(
  'wallets',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    currency: currencyEnum('currency').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId, t.currency] })],
);

/** refund_credit: a cancelled match's share of a season ticket given back as credit (events/cancel.ts). */
export const walletEntryKindEnum = pgEnum('wallet_entry_kind', ['release_credit', 'order_spend', 'refund_credit']);

/**
 * The wallet's ledger: a credit per sold release (exactly once: wallet_release_once_uq) and a spend per
 * order (its amount rewritten when the fan checks out again). A spend counts while its order is paid, or
 * pending with its cart still alive; a refunded, failed-and-expired order's spend counts no more, so the
 * credit comes back without a second row (lib/server/wallet).
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    orgId: uuid('org_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
    currency: currencyEnum('currency').notNull(),
    kind: walletEntryKindEnum('kind').notNull(),
    /** Always positive: a credit adds, a spend takes. */
    amount: integer('amount').notNull(),
    releaseId: uuid('release_id').references(() => seasonReleases.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** refund_credit: the cancelled event whose share of orderId it gives back. */
    eventId: uuid('event_id').references(() => events.id),
  },
  (t) => [
    // Only refund credits name an event: one per order and event (rows without an event never conflict).
    uniqueIndex('wallet_refund_once_uq').on(t.orderId, t.eventId),
    uniqueIndex('wallet_release_once_uq').on(t.releaseId).where(sql`kind = 'release_credit'`),
    uniqueIndex('wallet_order_spend_uq').on(t.orderId).where(sql`kind = 'order_spend'`),
    index('wallet_ledger_user_idx').on(t.userId, t.orgId, t.currency),
    check('wallet_ledger_amount_positive', sql`amount > 0`),
  ],
);

// ── concessions (lib/server/concessions) ────────────────────────────────────
/** A concession price of a price category, set by the organiser; `companion`: the holder gets a free companion seat next to theirs (ZŤP-S). */
export const ticketTypeConcessions = pgTable(
  'ticket_type_concessions',
  {
    ticketTypeId: uuid('ticket_type_id').notNull().references(() => ticketTypes.id, { onDelete: 'cascade' }),
    kind: ticketConcessionEnum('kind').notNull(),
    priceAmount: integer('price_amount').notNull(),
    companion: boolean('companion').notNull().default(false),
    /** The organiser lets fans resell tickets of this concession (resale/eligibility.ts); off by default. */
    resaleAllowed: boolean('resale_allowed').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.ticketTypeId, t.kind] })],
);

export const accessibleSeatKindEnum = pgEnum('accessible_seat_kind', ['wheelchair', 'companion']);

/** Wheelchair places and their companion seats of a venue: held back from general sale (cart_hold refuses them). */
export const accessibleSeats = pgTable('accessible_seats', {
  seatId: uuid('seat_id')
    .primaryKey()
    .references(() => venueSeats.id, { onDelete: 'cascade' }),
  kind: accessibleSeatKindEnum('kind').notNull(),
});

/** The concession a buyer chose for a line of the cart (its price is already the line's); copied to the ticket when issued. */
export const holdItemConcessions = pgTable(
  'hold_item_concessions',
  {
    holdItemId: uuid('hold_item_id')
      .primaryKey()
      .references(() => holdItems.id, { onDelete: 'cascade' }),
    kind: ticketConcessionEnum('kind').notNull(),
    /** A companion line: the ZŤP-S line it goes with (removing that one removes this one: functions.sql). */
    companionOf: uuid('companion_of').references((): AnyPgColumn => holdItems.id, { onDelete: 'cascade' }),
  },
  (t) => [index('hold_item_concessions_companion_idx').on(t.companionOf)],
);

/**
 * The audit log (issues 32 and 33): who did what to what, when and why, with the state before and after.
 * Written only through lib/server/audit/record.ts; never updated or deleted. Read by Tribuna admins (all)
 * and an organisation's owners (their organisation's rows).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: ts('at').notNull().defaultNow(),
    /** The person who acted; null for the system (a job). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The organisation the subject belongs to, when it belongs to one (what its owners may read). */
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'cascade' }),
    /** What was done, a dotted code: 'order.refund', 'ticket.void', 'organisation.bank_account', … */
    action: text('action').notNull(),
    /** What it was done to: 'order', 'ticket', 'organisation', 'application', … and its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Why, in the actor's words (support actions require it). */
    reason: text('reason'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  // audit_log_at_idx: an admin's read of every organisation's entries, newest first, by period.
  (t) => [index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.at), index('audit_log_org_idx').on(t.orgId, t.at), index('audit_log_at_idx').on(t.at)],
);

/**
 * A queued on-sale (issue 34): the waiting room of an event's sale or of a season's ticket sale. While it
 * exists every hold of the event (or every season hold of the season) needs a signed admission (lib/server/queue/admission.ts); the queue admits fans at `ratePerMinute` (null: the
 * automatic default, lib/server/queue/rate.ts). An optional presale window from `presaleStartsAt` to the
 * event's sale_starts_at lets season-ticket holders of the club, fans with `presaleMinPoints` points and
 * holders of a presale code in first, through the same queue.
 */
export const waitingRooms = pgTable(
  'waiting_rooms',
  {
    id: id(),
    /** The queued sale: one event's, or one season's ticket sale (exactly one of the two). */
    eventId: uuid('event_id')
      .unique()
      .references(() => events.id, { onDelete: 'cascade' }),
    seasonId: uuid('season_id')
      .unique()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    ratePerMinute: integer('rate_per_minute'),
    /** How long an admission lasts if unused (minutes). */
    admissionMinutes: integer('admission_minutes').notNull().default(10),
    presaleStartsAt: ts('presale_starts_at'),
    presaleSeasonHolders: boolean('presale_season_holders').notNull().default(false),
    presaleMinPoints: integer('presale_min_points'),
    /** The last position given out (places are numbered 1, 2, … in the order they are admitted). */
    lastPosition: bigint('last_position', { mode: 'number' }).notNull().default(0),
    /** The highest position admitted so far: a place's position minus this is the number ahead. */
    admittedThrough: bigint('admitted_through', { mode: 'number' }).notNull().default(0),
    /** The admission clock: one admission per 60 000 / rate ms is due after it (token bucket). */
    admitClock: ts('admit_clock'),
    createdAt: createdAt(),
  },
  (t) => [check('waiting_rooms_sale_ck', sql`num_nonnulls(${t.eventId}, ${t.seasonId}) = 1`)],
);

/** One place per fan per waiting room (a second tab or device finds the same place). */
export const waitingRoomPlaces = pgTable(
  'waiting_room_places',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => waitingRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When this fan's window opens (the presale's start for a qualifying fan, else the general sale's). */
    opensAt: ts('opens_at').notNull(),
    presale: boolean('presale').notNull().default(false),
    /** The fair draw's key of a fan who came before their window opened (random; the draw sorts by it). */
    draw: doublePrecision('draw'),
    /** Null until placed: at the draw for early arrivals, at joining for later ones. */
    position: bigint('position', { mode: 'number' }),
    /** The room's admitted_through when the place was numbered (the start of the fan's progress bar). */
    placedAfter: bigint('placed_after', { mode: 'number' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    admittedAt: ts('admitted_at'),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    uniqueIndex('waiting_room_places_user_uq').on(t.roomId, t.userId),
    index('waiting_room_places_position_idx').on(t.roomId, t.position),
    index('waiting_room_places_admitted_idx').on(t.roomId, t.admittedAt),
  ],
);

/** The organiser's presale codes of a waiting room: stored as a SHA-256 of the code, each for one account. */
export const presaleCodes = pgTable(
  'presale_codes',
  {
    id: id(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => waitingRooms.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('presale_codes_hash_uq').on(t.roomId, t.codeHash)],
);
// ── onboarding (issue 32): applications to sell on Tribuna, and the legal profile's pending changes ──
export const applicationStatusEnum = pgEnum('application_status', ['pending', 'changes_requested', 'approved', 'rejected']);

/**
 * A person's application to sell on Tribuna (lib/server/onboarding/). Submitting creates the organisation
 * itself, unapproved, with the applicant as its owner (what the application says is on its row: legal
 * profile, bank account, language, currency); a Tribuna admin approves it (approved_at and the terms),
 * asks for changes (the applicant edits and submits again) or rejects it (the organisation stays unapproved).
 */
export const organisationApplications = pgTable(
  'organisation_applications',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: applicationStatusEnum('status').notNull().default('pending'),
    contactPhone: text('contact_phone').notNull(),
    /** When the applicant accepted the organiser terms (with the latest submission). */
    termsAcceptedAt: ts('terms_accepted_at').notNull(),
    submittedAt: ts('submitted_at').notNull(),
    /** The latest review: who, when, and the message mailed to the applicant. */
    reviewedAt: ts('reviewed_at'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewMessage: text('review_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisation_applications_status_idx').on(t.status, t.submittedAt),
    // One open application per person: a double submit creates one organisation.
    uniqueIndex('organisation_applications_open_idx')
      .on(t.applicantId)
      .where(sql`status in ('pending', 'changes_requested')`),
  ],
);

/**
 * A change of an approved organisation's bank account or tax data, waiting out its cooling period
 * (onboarding/legal-profile.ts PROFILE_COOLING_DAYS) before the sweeper writes it onto the organisation:
 * payouts read organisations.payout_iban, so a stolen session cannot redirect money at once. A newer change
 * supersedes the open one (one open per organisation).
 */
export const organisationProfileChanges = pgTable(
  'organisation_profile_changes',
  {
    id: id(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The values it sets (ico, dic, vatId, vatRegistered, payoutIban, payoutBic), all of them. */
    values: jsonb('values').$type<ProfileSensitiveValues>().notNull(),
    requestedAt: ts('requested_at').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    appliedAt: ts('applied_at'),
    supersededAt: ts('superseded_at'),
  },
  (t) => [
    index('organisation_profile_changes_due_idx').on(t.effectiveAt),
    uniqueIndex('organisation_profile_changes_open_idx')
      .on(t.orgId)
      .where(sql`applied_at is null and superseded_at is null`),
  ],
);

/** The legal profile's fields a change waits for: the bank account and the tax data. */
export type ProfileSensitiveValues = {
  ico: string;
  dic: string;
  vatId: string | null;
  vatRegistered: boolean;
  payoutIban: string;
  payoutBic: string | null;
};
// ── tax documents (issue 32; lib/server/documents) ──────────────────────────
/** A company a fan buys for, entered at checkout: the buyer of its tax documents. */
export type BillingCompany = { name: string; ico: string; dic: string | null; vatId: string | null; street: string; city: string; postcode: string; country: string };
/** Who issues or receives a tax document, as it stood when the document was issued. */
export type DocumentParty = {
  name: string;
  legalForm?: string | null;
  street?: string | null;
  city?: string | null;
  postcode?: string | null;
  country?: string | null;
  ico?: string | null;
  dic?: string | null;
  vatId?: string | null;
  email?: string | null;
};

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * VAT rates as data: the rate of a kind of supply in a country from a date on (documents/vat.ts picks the
 * row in force on the day of the supply). Seeded by the migration with the sources in `source` (README, Tax documents).
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    id: id(),
    /** ISO 3166 alpha-2: SK, CZ. */
    country: text('country').notNull(),
    /** admission-sport, admission-culture, service-fee, platform-fee. */
    supply: text('supply').notNull(),
    validFrom: date('valid_from').notNull(),
    /** Basis points: 2300 = 23 %. */
    rateBps: integer('rate_bps').notNull(),
    source: text('source').notNull(),
  },
  (t) => [uniqueIndex('vat_rates_country_supply_from_uq').on(t.country, t.supply, t.validFrom)],
);

/** The last number of each issuer's series in a year: taken (+1) in the issuing transaction, so numbers are unique and gap-free. */
export const documentCounters = pgTable(
  'document_counters',
  {
    /** An organisation's id, or 'tribuna'. */
    issuer: text('issuer').notNull(),
    year: integer('year').notNull(),
    /** 'invoice' or 'credit-note'. */
    series: text('series').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.year, t.series] })],
);

/**
 * A tax document, immutable once issued (a trigger refuses changes; only the PDF is stored once, the first
 * time it is rendered): an invoice (the tickets' in the organiser's name, Tribuna's for its service fee or
 * platform fee) or a credit note referring to one.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    kind: text('kind', { enum: ['invoice', 'credit-note'] }).notNull(),
    /** tickets (the organiser's), service-fee (Tribuna's to the fan), platform-fee (Tribuna's to the organiser). */
    purpose: text('purpose').notNull(),
    issuer: text('issuer').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: text('number').notNull(),
    /** The organisation that issued it (null: Tribuna). */
    issuerOrgId: uuid('issuer_org_id').references(() => organisations.id),
    /** The organisation whose console lists it: the issuer, or the buyer of a platform-fee invoice. */
    orgId: uuid('org_id').references(() => organisations.id),
    orderId: uuid('order_id').references(() => orders.id),
    /** The fan whose My orders lists it. */
    userId: uuid('user_id').references(() => users.id),
    refersTo: uuid('refers_to').references((): AnyPgColumn => taxDocuments.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    /** What it was issued for, once: 'order:<id>:tickets', 'refund:<id>:<document id>', … */
    sourceKey: text('source_key').notNull(),
    currency: currencyEnum('currency').notNull(),
    locale: localeEnum('locale').notNull(),
    issuedAt: ts('issued_at').notNull(),
    periodFrom: date('period_from'),
    periodTo: date('period_to'),
    /** The issuer was a VAT payer: lines carry VAT. */
    vatRegistered: boolean('vat_registered').notNull(),
    seller: jsonb('seller').$type<DocumentParty>().notNull(),
    buyer: jsonb('buyer').$type<DocumentParty>().notNull(),
    totalGross: integer('total_gross').notNull(),
    totalNet: integer('total_net').notNull(),
    totalVat: integer('total_vat').notNull(),
    /** Free text printed under the lines (a credit note's reason). */
    note: text('note'),
    pdf: bytea('pdf'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_uq').on(t.issuer, t.kind, t.year, t.seq),
    uniqueIndex('tax_documents_source_uq').on(t.sourceKey),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_org_idx').on(t.orgId, t.issuedAt),
    index('tax_documents_issued_idx').on(t.issuedAt),
    index('tax_documents_refers_idx').on(t.refersTo),
  ],
);

/** A document's lines: gross as charged, the VAT in it by the documented rounding (documents/vat.ts) and the net. */
export const taxDocumentLines = pgTable(
  'tax_document_lines',
  {
    documentId: uuid('document_id').notNull().references(() => taxDocuments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    supply: text('supply').notNull(),
    quantity: integer('quantity').notNull(),
    unitGross: integer('unit_gross').notNull(),
    gross: integer('gross').notNull(),
    /** Basis points; 0 when the issuer is not VAT-registered. */
    rateBps: integer('rate_bps').notNull(),
    vat: integer('vat').notNull(),
    net: integer('net').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.position] }), check('tax_document_lines_sum_ck', sql`${t.net} + ${t.vat} = ${t.gross}`)],
);
