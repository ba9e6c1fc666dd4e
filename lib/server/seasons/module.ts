import 'server-only';
// Seasons and season tickets over the API: the organiser's seasons (windows, categories, matches, holders,
// releases, announcements, cancellation), the fan's season sale, renewal and transfer, releasing one
// match of a season ticket for credit; and the sweeper's two season jobs.
import { z } from 'zod';
import { authenticate } from '@/lib/server/api/authenticate';
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, parseWith } from '@/lib/server/api/respond';
import { translator } from '@/lib/server/api/translate';
import { listSeasonAnnouncements, sendSeasonAnnouncement } from '@/lib/server/notifications/announcements';
import { checkSeasonAdmission } from '@/lib/server/queue/admission';
import { seasonQueueOperations } from '@/lib/server/queue/operations';
import { cancelSeason } from '@/lib/server/events/cancel';
import { announcementCreateSchema, announcementListSchema, announcementSchema } from '@/lib/schemas/notifications';
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { cancelSeasonResultSchema } from '@/lib/schemas/organiser-cancel';
import { noBody, okSchema } from '@/lib/schemas/primitives';
import { seasonHoldersQuerySchema, seasonHoldersSchema } from '@/lib/schemas/season-holders';
import { seasonReleasesQuerySchema, seasonReleasesSchema } from '@/lib/schemas/season-releases';
import {
  matchFromTemplateAnswerSchema,
  matchFromTemplateSchema,
  organiserSeasonAnswerSchema,
  organiserSeasonListSchema,
  renewalListSchema,
  seasonCategoriesSchema,
  seasonCreateSchema,
  seasonIdParamSchema,
  seasonMatchAddedSchema,
  seasonMatchSchema,
  seasonPatchSchema,
  seasonPaymentSchema,
  seasonPurchaseSchema,
  seasonRefParamSchema,
  seasonSaleSchema,
  seasonTemplateSchema,
  seasonTicketIdParamSchema,
  seasonTransferResultSchema,
  seasonTransferSchema,
} from '@/lib/schemas/seasons';
import { ticketIdParamSchema } from '@/lib/schemas/tickets';
import { releaseRequestSchema, releaseResultSchema } from '@/lib/schemas/wallet';
import { seasonHolders, seasonHoldersExport } from './holders';
import { EXPORT_FORMATS } from '@/lib/schemas/reports-live';
import { exportResponse } from '@/lib/server/reports/export-file';
import { addSeasonMatch, createSeason, getSeason, listSeasons, setSeasonCategories, updateSeason } from './organiser';
import { keepUnsoldReleases, releaseTicket, takeBackTicket } from './release';
import { seasonReleasesReport } from './releases-report';
import { sweepSeasonRenewals } from './renewal-blocks';
import { openRenewals, purchaseSeason, renewSeason, seasonSale } from './sale';
import { transferSeasonTicket } from './transfer';
import { organiserFailure } from '@/lib/server/events/edit/failure';
import { matchFromTemplate, setSeasonTemplate } from './template';
import { seasonCheckoutUrls } from './urls';

/** Owners and managers of the organisation whose season the path names (seasons/organiser.ts seasonAccess). */
const seasonOffice = { capability: 'events', owner: 'season', param: 'seasonId' } as const;

/** What a season's purchase or renewal may answer: the season hold's, then the checkout's. */
const PAYMENT_FAILURES = [
  'SEASON_NOT_FOUND',
  'SEASON_NOT_ON_SALE',
  'SEASON_SEAT_TAKEN',
  'EVENT_NOT_FOUND',
  'CART_EMPTY',
  'NOT_ON_SALE',
  'HOLDER_NAMES_MISSING',
  'INVALID_DISCOUNT_CODE',
  'DISCOUNT_CODE_EXPIRED',
  'DISCOUNT_CODE_USED_UP',
  'LOYALTY_POINTS_CHANGED',
  'PAYMENTS_UNAVAILABLE',
] as const;

const seasonIdOf = (params: { seasonId: string }) => parseWith(seasonIdParamSchema, params).seasonId;
const seasonRefOf = (params: { seasonId: string }) => parseWith(seasonRefParamSchema, params).seasonId;

export default defineModule({
  name: 'seasons',
  operations: [
    // ── the organiser's seasons ─────────────────────────────────────────────────
    operation({
      method: 'get',
      path: '/api/v1/organiser/seasons',
      summary: "The organisation's seasons with their matches, season categories and prices, windows and holders (owner, manager)",
      tag: 'organiser',
      access: { capability: 'events', owner: 'organisation', query: 'organisation' },
      query: organisationQuerySchema,
      answer: organiserSeasonListSchema,
      failures: [],
      handle: async ({ query, caller }) => {
        const result = await listSeasons(caller.user.id, query.organisation);
        if (!result.ok) throw failureOf(result);
        return { seasons: result.seasons };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/seasons',
      summary:
        'Create a season at one of the organisation’s venues: sale window, renewal window (for the holders of renewsSeasonId), transfer policy, credit share of a released match (owner, manager)',
      description: 'The organisation is the body’s `organisation`: its owners and managers may (another organisation’s answers 404 ORG_NOT_FOUND, a scanner 403 ROLE_FORBIDDEN).',
      tag: 'organiser',
      // The organisation comes in the body: createSeason decides the caller's capability in it.
      access: 'signed-in',
      body: seasonCreateSchema,
      answer: organiserSeasonAnswerSchema,
      status: 201,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'VENUE_NOT_FOUND', 'SEASON_NOT_FOUND', 'SEASON_WINDOW_INVALID'],
      handle: async ({ body, caller }) => {
        const result = await createSeason(caller.user.id, body);
        if (!result.ok) throw failureOf(result);
        return { season: result.season };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/seasons/{seasonId}',
      summary: 'One season with its matches and prices; another organisation’s is 404 (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      answer: organiserSeasonAnswerSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const result = await getSeason(caller.user.id, seasonIdOf(params));
        if (!result.ok) throw failureOf(result);
        return { season: result.season };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/seasons/{seasonId}',
      summary:
        'Change the season’s name, windows or policy (transfer, release share, how a cancelled match is refunded: cancelRefundMode payment = to the payment, credit = wallet credit with the club); only what is sent changes (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      body: seasonPatchSchema,
      answer: organiserSeasonAnswerSchema,
      failures: ['SEASON_WINDOW_INVALID'],
      handle: async ({ params, body, caller }) => {
        const result = await updateSeason(caller.user.id, seasonIdOf(params), body);
        if (!result.ok) throw failureOf(result);
        return { season: result.season };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/seasons/{seasonId}/announcements',
      summary: 'The season’s announcements, newest first, each with its recipients and delivery counts (queued, sent, failed) — owner or manager; another organisation’s season is 404',
      tag: 'organiser',
      access: seasonOffice,
      answer: announcementListSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const result = await listSeasonAnnouncements(caller.user, seasonIdOf(params));
        if (!result.ok) throw failureOf(result);
        return { announcements: result.announcements };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/seasons/{seasonId}/announcements',
      summary:
        'Send a short message (sk/cs/en, at least one; an empty language shows another) to every current holder of a season ticket of the season, once each however many seats, by push or email per fan as their settings say, titled with the season and signed with the organisation; at most 3 an hour per season (429 RATE_LIMITED with Retry-After). Delivered by the notification queue at the organiser’s rate (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      body: announcementCreateSchema,
      answer: announcementSchema,
      status: 201,
      failures: ['RATE_LIMITED'],
      handle: async ({ params, body, caller }) => {
        const result = await sendSeasonAnnouncement(caller.user, seasonIdOf(params), body);
        if (!result.ok) throw failureOf(result);
        return result.announcement;
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/seasons/{seasonId}/cancel',
      summary:
        'Cancel a whole season (owner or manager). Its sale and renewal close now, and every match not yet played is cancelled as by …/events/{eventId}/cancel: each season ticket gets back the share of its price of every such match (to the payment, or as wallet credit when the season gives credit), once; the matches played stay paid. No body.',
      tag: 'organiser',
      access: seasonOffice,
      answer: cancelSeasonResultSchema,
      failures: ['SEASON_NOTHING_TO_CANCEL'],
      handle: async ({ params, caller }) => {
        const result = await cancelSeason(caller.user, seasonIdOf(params));
        if (!result.ok) throw failureOf(result);
        return { season: result.season };
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/seasons/{seasonId}/categories',
      summary:
        'Save the season’s categories (name, colour, season-ticket price) and map every seated price category of its matches onto one (mapping[].category: an index into categories) or none. Categories with an id are updated, new ones added, the rest deleted; a price category not in mapping is unmapped and its seats are not on season sale. A seat is priced by the season category its price category at the first remaining match maps to (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      body: seasonCategoriesSchema,
      answer: organiserSeasonAnswerSchema,
      failures: ['SEASON_CATEGORY_INVALID'],
      handle: async ({ params, body, caller }) => {
        const result = await setSeasonCategories(caller.user.id, seasonIdOf(params), body);
        if (!result.ok) throw failureOf(result);
        return { season: result.season };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/seasons/{seasonId}/holders',
      summary:
        'The season’s holders for a renewal campaign: name, email, seat, season category, renewed (held the renewed-from season’s seat and bought this one), paid for the seat by their season order, accepts the club’s mail (email on for announcements); filters renewed=yes|no, category={seasonCategoryId}, mail=yes|no; and the whole season’s counts (last season’s holders, renewed, not yet renewed). Another organisation’s season is 404 (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      query: seasonHoldersQuerySchema,
      answer: seasonHoldersSchema,
      failures: [],
      handle: async ({ request, params, query, caller }) => {
        const result = await seasonHolders(caller.user.id, seasonIdOf(params), query, requestLocale(request));
        if (!result.ok) throw failureOf(result);
        return result.list;
      },
    }),
    ...EXPORT_FORMATS.map((format) =>
      operation({
        method: 'get',
        path: `/api/v1/organiser/seasons/{seasonId}/holders.${format}`,
        summary: `The same holders (same filters) as a ${format === 'csv' ? 'CSV (UTF-8 with BOM, semicolons and a decimal comma in Slovak and Czech)' : 'Excel'} download: header in the request’s language, paid as an amount beside the currency (owner, manager)`,
        tag: 'organiser',
        access: seasonOffice,
        query: seasonHoldersQuerySchema,
        answer: { type: format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', description: `The file (Content-Disposition: attachment; filename {season slug}-holders-{date}.${format})` },
        failures: [],
        handle: async ({ request, params, query, caller }) => {
          const locale = requestLocale(request);
          const t = translator(locale);
          const result = await seasonHoldersExport(caller.user.id, seasonIdOf(params), query, format, locale, (key) => t(`seasons.organiser.holdersList.${key}`));
          if (!result.ok) throw failureOf(result);
          return exportResponse(result);
        },
      }),
    ),
    operation({
      method: 'post',
      path: '/api/v1/organiser/seasons/{seasonId}/matches',
      summary:
        'Add a match of the organisation at the season’s venue; every holder is issued their ticket for it at once, exactly once (again is a no-op). missing: holders whose seat was not free at that match (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      body: seasonMatchSchema,
      answer: seasonMatchAddedSchema,
      failures: ['SEASON_MATCH_INVALID'],
      handle: async ({ params, body, caller }) => {
        const result = await addSeasonMatch(caller.user.id, seasonIdOf(params), body.eventId);
        if (!result.ok) throw failureOf(result);
        return { season: result.season, issued: result.issued, missing: result.missing };
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/seasons/{seasonId}/template',
      summary: 'Choose the match new matches of the season start from: one of the season’s own matches, or null for none (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      body: seasonTemplateSchema,
      answer: organiserSeasonAnswerSchema,
      failures: ['SEASON_TEMPLATE_INVALID'],
      handle: async ({ params, body, caller }) => {
        const result = await setSeasonTemplate(caller.user.id, seasonIdOf(params), body.eventId);
        if (!result.ok) throw failureOf(result);
        return { season: result.season };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/seasons/{seasonId}/matches/from-template',
      summary:
        'A new draft match copied from the season’s template at startsAt (texts, venue, price categories with prices and places, concessions, resale rules, named tickets, waiting list, image and gallery; not its sale windows, nothing sold) added to the season at once: every holder is issued their ticket for it. Published like any draft (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      body: matchFromTemplateSchema,
      answer: matchFromTemplateAnswerSchema,
      status: 201,
      failures: ['SEASON_NO_TEMPLATE', 'DUPLICATE_IN_PAST', 'SEASON_MATCH_INVALID', 'UNITS_TAKEN'],
      handle: async ({ params, body, caller }) => {
        const result = await matchFromTemplate(caller.user.id, seasonIdOf(params), body);
        if (!result.ok) throw organiserFailure(result);
        return { eventId: result.eventId, season: result.season, issued: result.issued, missing: result.missing };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/seasons/{seasonId}/releases',
      summary:
        'Seats the season’s holders released for credit (newest first, at most 500; eventId: one match): match, seat, holder as "Jana N.", released at, status, credit granted; the totals; and the organisation’s wallet credit granted, spent and still owed per currency. Another organisation’s season is 404 (owner, manager)',
      tag: 'organiser',
      access: seasonOffice,
      query: seasonReleasesQuerySchema,
      answer: seasonReleasesSchema,
      failures: [],
      handle: async ({ params, query, caller }) => {
        const result = await seasonReleasesReport(caller.user.id, seasonIdOf(params), query);
        if (!result.ok) throw failureOf(result);
        return result.report;
      },
    }),

    // ── the fan's season sale ───────────────────────────────────────────────────
    // Before /seasons/{seasonId}: the app tries the operations in this order, and 'renewals' is no season.
    operation({
      method: 'get',
      path: '/api/v1/seasons/renewals',
      summary: 'The caller’s seats of last season they may renew now: one per season whose renewal window is open, with its price and when the window closes',
      access: 'signed-in',
      answer: renewalListSchema,
      failures: [],
      handle: async ({ caller }) => ({ renewals: await openRenewals(caller.user.id) }),
    }),
    operation({
      method: 'get',
      path: '/api/v1/seasons/{seasonId}',
      summary:
        'A season’s ticket sale by id or slug: remaining matches, prices per category and each seat’s state for the caller (free at every remaining match, theirs to renew, reserved for last season’s holder, sold, taken)',
      access: 'anyone',
      answer: z.object({ season: seasonSaleSchema }),
      failures: ['SEASON_NOT_FOUND'],
      handle: async ({ request, params }) => {
        const seasonId = seasonRefOf(params);
        const caller = await authenticate(request);
        const sale = await seasonSale(seasonId, caller?.user.id ?? null);
        if (!sale) throw new ApiError('SEASON_NOT_FOUND');
        return { season: sale };
      },
    }),
    // A queued season sale's waiting room: the fan's queue operations, as an event's (queue/operations.ts).
    ...seasonQueueOperations,
    operation({
      method: 'post',
      path: '/api/v1/seasons/{seasonId}/purchase',
      summary:
        'Hold seats for the whole season (all or nothing over every remaining match, like any seat hold) and start the payment → { orderId, paymentUrl, paid }. A queued season sale needs the caller’s admission from its waiting room (…/seasons/{seasonId}/queue): 403 ADMISSION_REQUIRED or ADMISSION_EXPIRED without one',
      access: 'signed-in',
      body: seasonPurchaseSchema,
      answer: seasonPaymentSchema,
      failures: [...PAYMENT_FAILURES, 'ADMISSION_REQUIRED', 'ADMISSION_EXPIRED'],
      handle: async ({ request, params, body, caller }) => {
        const seasonId = seasonRefOf(params);
        // A queued season sale: the caller's admission from its waiting room first, as every hold (lib/server/queue/admission.ts).
        const admission = await checkSeasonAdmission(request, caller.user.id, seasonId);
        if (!admission.ok) throw new ApiError(admission.code);
        const locale = requestLocale(request);
        const result = await purchaseSeason({
          user: caller.user,
          seasonRef: seasonId,
          seatIds: body.seatIds,
          locale,
          urls: seasonCheckoutUrls(locale, seasonId),
          presaleAdmitted: admission.presale,
        });
        if (!result.ok) throw failureOf(result);
        return { orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/seasons/{seasonId}/renewal',
      summary: 'Renew the caller’s seat of last season while the renewal window is open: hold it for the whole season and start the payment → { orderId, paymentUrl, paid }',
      access: 'signed-in',
      body: noBody,
      answer: seasonPaymentSchema,
      failures: [...PAYMENT_FAILURES, 'NOTHING_TO_RENEW'],
      handle: async ({ request, params, caller }) => {
        const seasonId = seasonRefOf(params);
        const locale = requestLocale(request);
        const result = await renewSeason({ user: caller.user, seasonRef: seasonId, locale, urls: seasonCheckoutUrls(locale, seasonId) });
        if (!result.ok) throw failureOf(result);
        return { orderId: result.orderId, paymentUrl: result.paymentUrl, paid: result.paid };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/season-tickets/{id}/transfer',
      summary:
        'Give the whole season ticket to the account that verified this email, if the season allows it: the season ticket (and next season’s renewal) and the caller’s tickets of it for coming matches move, each with a new code',
      access: 'signed-in',
      body: seasonTransferSchema,
      answer: seasonTransferResultSchema,
      failures: ['SEASON_TICKET_NOT_FOUND', 'TRANSFER_DISABLED', 'GIFT_TO_SELF', 'TICKET_LISTED', 'ALREADY_RELEASED', 'SEASON_RECIPIENT_UNKNOWN'],
      handle: async ({ params, body, caller }) => {
        const { id } = parseWith(seasonTicketIdParamSchema, params);
        const result = await transferSeasonTicket(caller.user, { seasonTicketId: id, email: body.email });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const, toEmail: result.toEmail, moved: result.moved };
      },
    }),

    // ── releasing one match of a season ticket for credit ──────────────────────
    operation({
      method: 'post',
      path: '/api/v1/tickets/{id}/release',
      summary:
        "A season-ticket holder releases their seat for this one match to the club's primary sale (fans on the waiting list are offered it first). When it sells, the holder's wallet with the club is credited the season's share of the face value, once; until then they may take it back, and unsold at the sale's close it stays theirs",
      tag: 'tickets',
      access: 'signed-in',
      body: releaseRequestSchema,
      answer: releaseResultSchema,
      status: 201,
      failures: ['TICKET_NOT_FOUND', 'NOT_SEASON_TICKET', 'ALREADY_RELEASED', 'TICKET_NOT_RELEASABLE', 'RELEASE_CLOSED', 'RELEASE_SHARE_CHANGED'],
      handle: async ({ params, body, caller }) => {
        const id = parseWith(ticketIdParamSchema.shape.id, params.id);
        const result = await releaseTicket(caller.user, { ticketId: id, sharePercent: body.sharePercent });
        if (!result.ok) throw failureOf(result);
        return { release: result.release };
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/tickets/{id}/release',
      summary: 'Take a released seat back while nobody has bought it: the ticket is valid again',
      tag: 'tickets',
      access: 'signed-in',
      answer: okSchema,
      failures: ['TICKET_NOT_FOUND', 'NOT_RELEASED', 'RELEASE_IN_CART'],
      handle: async ({ params, caller }) => {
        const id = parseWith(ticketIdParamSchema.shape.id, params.id);
        const result = await takeBackTicket(caller.user, { ticketId: id });
        if (!result.ok) throw failureOf(result);
        return { ok: true as const };
      },
    }),
  ],
  jobs: [
    {
      // Released season seats nobody bought by their match's sale close stay their holders' (release.ts).
      name: 'keepUnsoldReleases',
      order: 30,
      run: async () => {
        await keepUnsoldReleases();
        return false;
      },
    },
    {
      // Last season's unrenewed seats: held back while a renewal window lasts, back on sale after it.
      name: 'sweepSeasonRenewals',
      order: 40,
      run: async () => {
        await sweepSeasonRenewals();
        return false;
      },
    },
  ],
});
