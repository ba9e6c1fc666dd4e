import 'server-only';
// Events over the API: the fans' catalogue (list, detail, live availability, the calendar file) and the
// organiser's event operations (create, edit, publish, cancel, its gallery, price categories, resale
// rules and seat blocks). Every organiser operation needs the `events` capability in the event's
// organisation; each domain function checks it again itself.
import { appUrl } from '@/lib/app-url';
import {
  availabilitySchema,
  calendarQuerySchema,
  eventDetailQuerySchema,
  eventDetailSchema,
  eventIdParamSchema as publicEventIdSchema,
  eventListQuerySchema,
  eventListSchema,
} from '@/lib/schemas/events';
import { eventIdParamSchema } from '@/lib/schemas/organiser';
import { cancelEventBodySchema, cancelEventResultSchema, cancellationPreviewSchema } from '@/lib/schemas/organiser-cancel';
import { resalePolicyResultSchema, resalePolicySchema, resalePolicyViewSchema, resalePreviewSchema } from '@/lib/schemas/organiser-codes';
import {
  createEventSchema,
  createPriceCategorySchema,
  duplicateEventSchema,
  eventsQuerySchema,
  organiserEventAnswerSchema,
  organiserEventListSchema,
  priceCategoryAnswerSchema,
  priceCategoryListSchema,
  priceCategoryParamSchema,
  publishChecklistAnswerSchema,
  updateEventSchema,
  updatePriceCategorySchema,
} from '@/lib/schemas/organiser-events';
import { galleryResultSchema, imageIndexParamSchema, imageOrderSchema, imageUpdateSchema, imageUploadFieldsSchema } from '@/lib/schemas/organiser-team';
import { eventSeatsSchema, seatBlockResultSchema, seatBlockSchema } from '@/lib/schemas/organiser-venues';
import { noBody, okSchema } from '@/lib/schemas/primitives';
import { requestBytes } from '@/lib/server/api/body';
import { defineModule, operation } from '@/lib/server/api/operation';
import type { AccessFailure } from '@/lib/server/organiser/access';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { eventCalendar } from './calendar';
import { cancelEvent, cancellationPreview, finishCancelledEvents } from './cancel';
import { cachedEventDetail, cachedEventList, cachedEventRef, cachedInventoryTotals, getAvailability, localizeCard, localizeDetail } from './index';
import { createEvent, duplicateEvent, listOrganiserEvents, organiserFailure, publishChecklist, publishEvent, readOrganiserEvent, unpublishEvent, updateEvent } from './edit';
import { addEventImage, removeEventImage, reorderEventImages, updateEventImage } from './images';
import { createPriceCategory, deletePriceCategory, listPriceCategories, updatePriceCategory } from './price-categories';
import { getResalePolicy, previewResalePolicy, setResalePolicy } from './resale-policy';
import { blockSeats, eventSeats } from './seat-blocks';

/** Who may change an event: a member with `events` in the organisation that owns the path's event. */
const eventEditor = { capability: 'events', owner: 'event', param: 'eventId' } as const;

/** The event id of an organiser path, as the old route handlers checked it. */
const eventIdOf = (params: { eventId: string }) => parseWith(eventIdParamSchema, params).eventId;

/** The multipart form of an upload, from the bytes the frame has already read (bounded). */
async function uploadForm(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiError('IMAGE_REQUIRED');
  try {
    return await new Response(new Uint8Array(await requestBytes(request)), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('IMAGE_REQUIRED');
  }
}

/** A domain result without its `ok`, or its failure. */
function settings<T extends { ok: true } | AccessFailure>(result: T): Omit<Extract<T, { ok: true }>, 'ok'> {
  if (!result.ok) throw failureOf(result as AccessFailure);
  const { ok: _ok, ...view } = result as Extract<T, { ok: true }>;
  return view;
}

const datesFailures = ['DOORS_AFTER_START', 'END_BEFORE_START', 'SALE_WINDOW_INVALID', 'PRIORITY_WINDOW_INVALID'] as const;
const categoryFailures = ['EVENT_CANCELLED', 'EVENT_PLAYED', 'SECTION_NOT_IN_VENUE', 'SECTION_KIND_MISMATCH', 'CAPACITY_NOT_ALLOWED', 'UNITS_TAKEN'] as const;

export default defineModule({
  name: 'events',
  operations: [
    // ── the fans' catalogue ──────────────────────────────────────────────────
    operation({
      method: 'get',
      path: '/api/v1/events',
      summary: 'Published upcoming events, soonest first; with q, ranked by relevance (case and diacritics do not matter); each with its lowest price, texts in the request language',
      access: 'anyone',
      query: eventListQuerySchema,
      answer: eventListSchema,
      failures: [],
      handle: async ({ request, query }) => {
        const locale = requestLocale(request);
        const list = await cachedEventList(query);
        return json({ ...list, items: list.items.map((card) => localizeCard(card, locale)) });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/events/{id}',
      summary: 'One published event (id = slug or uuid) with price categories and the seat layout summary (?include=seats for every seat)',
      access: 'anyone',
      query: eventDetailQuerySchema,
      answer: eventDetailSchema,
      failures: ['NOT_FOUND'],
      handle: async ({ request, params: { id }, query: { include } }) => {
        const detail = id.length <= 120 ? await cachedEventDetail(id, { seats: include === 'seats' }) : null;
        if (!detail) throw new ApiError('NOT_FOUND');
        return json(localizeDetail(detail, requestLocale(request), { seats: include === 'seats' }));
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/availability',
      summary: 'Live availability: free places per category, taken seats, resale offers (polled by the event page). Poll it; never cached',
      access: 'anyone',
      answer: availabilitySchema,
      failures: ['NOT_FOUND'],
      handle: async ({ params: { id } }) => {
        // The slug → uuid lookup and the units per category are cached; what is taken is read fresh (or
        // shared, ./availability.ts), and the units only looked up for a read.
        const event = id.length <= 120 ? await cachedEventRef(id) : null;
        const availability = event ? await getAvailability(event.uuid, () => cachedInventoryTotals(event.uuid)) : null;
        if (!availability) throw new ApiError('NOT_FOUND');
        return json(availability, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/calendar.ics',
      summary:
        'The event as an iCalendar file (RFC 5545) to add to a calendar: title, summary, venue and link in the chosen language (?lang=, else the request’s); times in UTC',
      access: 'anyone',
      query: calendarQuerySchema,
      answer: {
        type: 'text/calendar',
        description: 'The .ics file (Content-Disposition: attachment; filename {event slug}.ics), one VEVENT whose UID stays the same for the event',
      },
      failures: ['NOT_FOUND'],
      handle: async ({ request, params, query: { lang } }) => {
        const parsed = publicEventIdSchema.safeParse(params);
        const detail = parsed.success ? await cachedEventDetail(parsed.data.id) : null;
        if (!detail) throw new ApiError('NOT_FOUND');
        const body = eventCalendar(detail, lang ?? requestLocale(request), appUrl());
        return new Response(body, {
          headers: {
            'Content-Type': 'text/calendar; charset=utf-8',
            'Content-Disposition': `attachment; filename="${detail.id}.ics"`,
            'Cache-Control': 'public, max-age=300',
          },
        });
      },
    }),

    // ── the organiser's events (./edit) ──────────────────────────────────────
    operation({
      method: 'get',
      path: '/api/v1/organiser/events',
      summary: 'Every event of the organisation, drafts too, newest start first, with status, venue and sold/capacity',
      tag: 'organiser',
      access: { capability: 'events', owner: 'organisation', query: 'organisation' },
      query: eventsQuerySchema,
      answer: organiserEventListSchema,
      failures: [],
      handle: async ({ caller, query }) => {
        const result = await listOrganiserEvents(caller.user.id, query.organisation);
        if (!result.ok) throw organiserFailure(result);
        return { events: result.events };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events',
      summary:
        'Create a draft at one of the organisation’s venues. Czech and English texts left empty take the Slovak; the slug comes from the Slovak title; the resale rules are the organisation’s defaults; no image until one is uploaded',
      tag: 'organiser',
      // The organisation is named in the body: createEvent decides `events` in it (a non-member's is 404).
      access: 'signed-in',
      body: createEventSchema,
      answer: organiserEventAnswerSchema,
      status: 201,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'VENUE_NOT_FOUND', ...datesFailures, 'TITLE_REQUIRED'],
      handle: async ({ caller, body }) => {
        const result = await createEvent(caller.user.id, body);
        if (!result.ok) throw organiserFailure(result);
        return { event: result.event };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}',
      summary: 'Everything editable of an event, with its price categories, the venue’s sections (and which category sells each) and its counts',
      tag: 'organiser',
      access: eventEditor,
      answer: organiserEventAnswerSchema,
      failures: [],
      handle: async ({ caller, params }) => {
        const result = await readOrganiserEvent(caller.user.id, eventIdOf(params));
        if (!result.ok) throw organiserFailure(result);
        return { event: result.event };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/events/{eventId}',
      summary:
        'Change any editable field; a text is given whole. Fans see the change at once. Refused once tickets are sold or in carts: another currency (CURRENCY_LOCKED) or venue (VENUE_LOCKED), a start or end moved into the past (EVENT_DATE_IN_PAST)',
      tag: 'organiser',
      access: eventEditor,
      body: updateEventSchema,
      answer: organiserEventAnswerSchema,
      failures: ['VENUE_NOT_FOUND', 'CURRENCY_LOCKED', 'VENUE_LOCKED', 'EVENT_CANCELLED', 'EVENT_DATE_IN_PAST', 'EVENT_PLAYED', 'UNITS_TAKEN', ...datesFailures, 'TITLE_REQUIRED'],
      handle: async ({ caller, params, body }) => {
        const result = await updateEvent(caller.user.id, eventIdOf(params), body);
        if (!result.ok) throw organiserFailure(result);
        return { event: result.event };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/publish',
      summary: 'A draft goes on sale (within its sale window). Publishing a published event changes nothing',
      tag: 'organiser',
      access: eventEditor,
      body: noBody,
      answer: organiserEventAnswerSchema,
      failures: ['EVENT_CANCELLED', 'ORG_NOT_APPROVED', 'NOT_READY'],
      handle: async ({ caller, params }) => {
        const result = await publishEvent(caller.user.id, eventIdOf(params));
        if (!result.ok) throw organiserFailure(result);
        return { event: result.event };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/publish-checklist',
      summary:
        'What a draft still needs before publishing, every item at once (approved: the organisation approved by Tribuna — until then it publishes nothing, ORG_NOT_APPROVED; date: a start to come; texts: the title in the organisation’s language; prices: a price category with places; image; saleWindow: a sale window not closed already): the same rule publishing refuses by (NOT_READY)',
      tag: 'organiser',
      access: eventEditor,
      answer: publishChecklistAnswerSchema,
      failures: [],
      handle: async ({ caller, params }) => {
        const result = await publishChecklist(caller.user.id, eventIdOf(params));
        if (!result.ok) throw failureOf(result);
        return { checklist: result.checklist };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/unpublish',
      summary: 'A published event goes back to draft: it leaves the fans’ list and sales stop; sold tickets stay valid',
      tag: 'organiser',
      access: eventEditor,
      body: noBody,
      answer: organiserEventAnswerSchema,
      failures: ['EVENT_CANCELLED', 'EVENT_PLAYED'],
      handle: async ({ caller, params }) => {
        const result = await unpublishEvent(caller.user.id, eventIdOf(params));
        if (!result.ok) throw organiserFailure(result);
        return { event: result.event };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/duplicate',
      summary:
        'A new draft like the event (past and cancelled ones too) at a new start: texts, venue, currency, limits, service fee, price categories with their prices and places (units made as for a new category), concessions, resale rules, named tickets, waiting list, priority access and the gallery (the same pictures). Doors, end and sale windows move by as much as the start. Not copied: tickets, orders, carts, seats held back, codes, feedback, announcements, the season',
      tag: 'organiser',
      access: eventEditor,
      body: duplicateEventSchema,
      answer: organiserEventAnswerSchema,
      status: 201,
      failures: ['DUPLICATE_IN_PAST'],
      handle: async ({ caller, params, body }) => {
        const result = await duplicateEvent(caller.user.id, eventIdOf(params), body);
        if (!result.ok) throw organiserFailure(result);
        return { event: result.event };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/cancel-preview',
      summary: 'What cancelling the event would do now (owner or manager): the paid orders refunded, the tickets voided, the people mailed and the amount going back per currency — the figures the office confirms before it cancels. A played event is 409 EVENT_PLAYED',
      tag: 'organiser',
      access: eventEditor,
      answer: cancellationPreviewSchema,
      failures: ['EVENT_PLAYED'],
      handle: async ({ caller, params }) => {
        const eventId = parseWith(eventIdParamSchema.shape.eventId, params.eventId);
        const result = await cancellationPreview(caller.user, eventId);
        if (!result.ok) throw failureOf(result);
        return result.preview;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/cancel',
      summary:
        'Cancel a published event (owner or manager). Sales stop at once and open carts end; every paid order is refunded through the provider it was paid with, exactly once, its tickets voided, live resale listings withdrawn, pending seller payouts cancelled, and every holder mailed in their language, with the office’s `message` (optional, up to 1,000 characters) added to each mail. Idempotent: an event already cancelled answers 200 with its state. The refunds go on in the background when there are many (progress.ordersWaiting), also after a restart. A draft that sold nothing has nothing to cancel (EVENT_IS_DRAFT); one unpublished after selling is cancelled like any event. A played event is 409 EVENT_PLAYED.',
      tag: 'organiser',
      access: eventEditor,
      body: cancelEventBodySchema,
      answer: cancelEventResultSchema,
      failures: ['EVENT_IS_DRAFT', 'EVENT_PLAYED'],
      handle: async ({ caller, params, body }) => {
        const eventId = parseWith(eventIdParamSchema.shape.eventId, params.eventId);
        const result = await cancelEvent(caller.user, eventId, { message: body.message });
        if (!result.ok) throw failureOf(result);
        return { event: result.event, progress: result.progress };
      },
    }),

    // ── the gallery (./images.ts) ────────────────────────────────────────────
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/images',
      summary:
        'Upload a gallery picture (owners and managers): multipart/form-data with `file` (JPEG, PNG, WebP or AVIF by its bytes, at most 10 MB) and optional altSk/altCs/altEn. Stored upright as WebP ≤ 1600 px wide (plus a -640 variant beside it), without metadata; the first picture becomes the cover.',
      tag: 'organiser',
      access: eventEditor,
      body: { type: 'multipart/form-data', description: '`file` (the picture) and optional `altSk`, `altCs`, `altEn` (its alt texts, at most 300 characters each)' },
      answer: galleryResultSchema,
      status: 201,
      failures: ['IMAGE_REQUIRED', 'IMAGE_TOO_LARGE', 'IMAGE_TYPE', 'GALLERY_FULL', 'VALIDATION'],
      handle: async ({ request, caller, params }) => {
        const eventId = eventIdOf(params);
        const form = await uploadForm(request);
        const text = (name: string) => (typeof form.get(name) === 'string' ? (form.get(name) as string) : undefined);
        const alt = parseWith(imageUploadFieldsSchema, { altSk: text('altSk'), altCs: text('altCs'), altEn: text('altEn') });
        const file = form.get('file');
        const result = await addEventImage(caller.user, eventId, { file: file instanceof Blob ? file : null, alt: { sk: alt.altSk, cs: alt.altCs, en: alt.altEn } });
        if (!result.ok) throw failureOf(result);
        return { gallery: result.gallery, cover: result.cover };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/events/{eventId}/images',
      summary: 'Put the gallery in a new order: `order` lists every current position once; the first becomes the cover',
      tag: 'organiser',
      access: eventEditor,
      body: imageOrderSchema,
      answer: galleryResultSchema,
      failures: ['IMAGE_NOT_FOUND', 'IMAGE_ORDER_INVALID'],
      handle: async ({ caller, params, body }) => {
        const result = await reorderEventImages(caller.user, eventIdOf(params), body.order);
        if (!result.ok) throw failureOf(result);
        return { gallery: result.gallery, cover: result.cover };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/events/{eventId}/images/{index}',
      summary: 'Make the picture at a position the cover (it moves first) and/or change its alt texts',
      tag: 'organiser',
      access: eventEditor,
      body: imageUpdateSchema,
      answer: galleryResultSchema,
      failures: ['IMAGE_NOT_FOUND'],
      handle: async ({ caller, params, body }) => {
        const { eventId, index } = parseWith(imageIndexParamSchema, params);
        const result = await updateEventImage(caller.user, eventId, Number(index), body);
        if (!result.ok) throw failureOf(result);
        return { gallery: result.gallery, cover: result.cover };
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/events/{eventId}/images/{index}',
      summary: 'Delete the picture at a position (and its stored files, unless another event — a duplicate — still shows them); when it was the cover, the next one becomes it',
      tag: 'organiser',
      access: eventEditor,
      answer: galleryResultSchema,
      failures: ['IMAGE_NOT_FOUND', 'VALIDATION'],
      handle: async ({ caller, params }) => {
        const { eventId, index } = parseWith(imageIndexParamSchema, params);
        const result = await removeEventImage(caller.user, eventId, Number(index));
        if (!result.ok) throw failureOf(result);
        return { gallery: result.gallery, cover: result.cover };
      },
    }),

    // ── price categories (./price-categories.ts) ─────────────────────────────
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/price-categories',
      summary: 'The event’s price categories with their sections and counts, and the venue’s sections and standing areas to assign',
      tag: 'organiser',
      access: eventEditor,
      answer: priceCategoryListSchema,
      failures: [],
      handle: async ({ caller, params }) => {
        const result = await listPriceCategories(caller.user.id, eventIdOf(params));
        if (!result.ok) throw organiserFailure(result);
        return { categories: result.categories, sections: result.sections };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/price-categories',
      summary:
        'Add a price category selling `sectionIds` (sections of its kind of the event’s venue; a section moves from the category that sold it) or, standing without areas, `capacity` places. Its units are made in the same transaction',
      tag: 'organiser',
      access: eventEditor,
      body: createPriceCategorySchema,
      answer: priceCategoryAnswerSchema,
      status: 201,
      failures: categoryFailures,
      handle: async ({ caller, params, body }) => {
        const result = await createPriceCategory(caller.user.id, eventIdOf(params), body);
        if (!result.ok) throw organiserFailure(result);
        return { category: result.category };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/events/{eventId}/price-categories/{categoryId}',
      summary: 'Change a category. A new price applies to future sales only (tickets and carts keep theirs); sections that leave it take their units',
      tag: 'organiser',
      access: eventEditor,
      body: updatePriceCategorySchema,
      answer: priceCategoryAnswerSchema,
      failures: ['CATEGORY_NOT_FOUND', ...categoryFailures],
      handle: async ({ caller, params, body }) => {
        const { eventId, categoryId } = parseWith(priceCategoryParamSchema, params);
        const result = await updatePriceCategory(caller.user.id, eventId, categoryId, body);
        if (!result.ok) throw organiserFailure(result);
        return { category: result.category };
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/events/{eventId}/price-categories/{categoryId}',
      summary: 'Delete a category and its units; refused while tickets of it are sold or in carts (CATEGORY_SOLD) or orders or codes name it (CATEGORY_IN_USE)',
      tag: 'organiser',
      access: eventEditor,
      answer: okSchema,
      failures: ['CATEGORY_NOT_FOUND', 'CATEGORY_SOLD', 'CATEGORY_IN_USE', 'EVENT_CANCELLED', 'EVENT_PLAYED', 'VALIDATION'],
      handle: async ({ caller, params }) => {
        const { eventId, categoryId } = parseWith(priceCategoryParamSchema, params);
        const result = await deletePriceCategory(caller.user.id, eventId, categoryId);
        if (!result.ok) throw organiserFailure(result);
        return { ok: true as const };
      },
    }),

    // ── resale rules (./resale-policy.ts) ────────────────────────────────────
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/resale-policy',
      summary: "The event's resale and gifting rules (owner, manager), with how many listings are on sale now",
      tag: 'organiser',
      access: eventEditor,
      answer: resalePolicyViewSchema,
      failures: [],
      handle: async ({ caller, params }) => settings(await getResalePolicy(caller.user.id, eventIdOf(params))),
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/events/{eventId}/resale-policy',
      summary:
        "Set the event's resale and gifting rules (owner, manager), with the organiser's share of the resale fees (0–100 %, fixed on each resale when it sells, paid with the settlement). Every live listing the new rules forbid (all when resale is off, else those over their ticket's new cap) is withdrawn at once — also one held in a buyer's cart — and its seller is emailed in their language",
      tag: 'organiser',
      access: eventEditor,
      body: resalePolicySchema,
      answer: resalePolicyResultSchema,
      failures: [],
      handle: async ({ caller, params, body }) => settings(await setResalePolicy(caller.user.id, eventIdOf(params), body)),
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/resale-policy/preview',
      summary: 'How many live listings saving these rules would withdraw; changes nothing (owner, manager)',
      tag: 'organiser',
      access: eventEditor,
      body: resalePolicySchema,
      answer: resalePreviewSchema,
      failures: [],
      handle: async ({ caller, params, body }) => {
        const result = await previewResalePolicy(caller.user.id, eventIdOf(params), body);
        if (!result.ok) throw failureOf(result);
        return { activeListings: result.activeListings, withdraw: result.withdraw };
      },
    }),

    // ── seats held back from sale (./seat-blocks.ts) ─────────────────────────
    operation({
      method: 'get',
      path: '/api/v1/organiser/events/{eventId}/seats',
      summary: 'The event’s seats with their status now: available, held (live cart), sold, blocked, unsold (not sold at this event)',
      tag: 'organiser: venues',
      access: eventEditor,
      answer: eventSeatsSchema,
      failures: [],
      handle: async ({ caller, params }) => {
        const result = await eventSeats(caller.user.id, eventIdOf(params));
        if (!result.ok) throw failureOf(result);
        return result.seats;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/events/{eventId}/seat-blocks',
      summary:
        'Block free seats (held back from sale: press, sponsors, safety) or release blocked ones ({seatIds, action}); sold seats and seats in live carts are refused and listed; a played event’s seats stay (409 EVENT_PLAYED)',
      tag: 'organiser: venues',
      access: eventEditor,
      body: seatBlockSchema,
      answer: seatBlockResultSchema,
      failures: ['EVENT_PLAYED'],
      handle: async ({ caller, params, body }) => {
        const result = await blockSeats(caller.user.id, eventIdOf(params), body);
        if (!result.ok) throw failureOf(result);
        return result;
      },
    }),
  ],
  jobs: [
    // A cancellation a request left unfinished (its refunds are queued here; the refund job sends them this same tick).
    { name: 'event cancellations', order: 50, run: async () => (await finishCancelledEvents(), false) },
  ],
});
