import 'server-only';
// Packages over the API: the organiser's packages (family tickets, festival passes, add-ons), the ones on
// an event's page, and holding one in a fan's cart.
import { defineModule, operation } from '@/lib/server/api/operation';
import { requestLocale } from '@/lib/server/api/request-locale';
import { ApiError, failureOf, json, parseWith } from '@/lib/server/api/respond';
import { cartSchema } from '@/lib/schemas/cart';
import { organisationQuerySchema } from '@/lib/schemas/organiser';
import { okSchema } from '@/lib/schemas/primitives';
import {
  eventPackagesSchema,
  organiserPackageAnswerSchema,
  organiserPackageListSchema,
  packageAddSchema,
  packageCreateSchema,
  packageIdParamSchema,
  packagePatchSchema,
} from '@/lib/schemas/packages';
import { createPackage, deletePackage, getPackage, listPackages, updatePackage } from './organiser';
import { addPackageToCart, eventPackages } from './sale';
import { checkAdmission } from '@/lib/server/queue/admission';

const byPackage = { capability: 'events', owner: 'package', param: 'packageId' } as const;

export default defineModule({
  name: 'packages',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/events/{id}/packages',
      summary: 'The packages on sale on the event’s page (those holding any of its tickets): price, face value of its tickets, contents, how many are left',
      access: 'anyone',
      answer: eventPackagesSchema,
      failures: ['NOT_FOUND'],
      handle: async ({ request, params }) => {
        const { id } = params;
        const packages = id.length <= 120 ? await eventPackages(id, requestLocale(request)) : null;
        if (!packages) throw new ApiError('NOT_FOUND');
        return json({ packages }, { headers: { 'Cache-Control': 'no-store' } });
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/events/{id}/cart/packages',
      summary:
        'Hold a package in the caller’s cart for the event, all or nothing: {packageId, seatIds?}. Its seated lines take the fan’s seatIds (seats together of each line’s category), else the best free seats together (the seat map’s rule); never a part of a package. The cart shows it as one line at the package price; checkout issues a ticket per seat or place',
      access: 'signed-in',
      body: packageAddSchema,
      answer: cartSchema,
      failures: [
        'EVENT_NOT_FOUND',
        'NOT_ON_SALE',
        'PACKAGE_NOT_FOUND',
        'PACKAGE_SEATS_INVALID',
        'PACKAGE_SEATS_CATEGORY',
        'PACKAGE_SEATS_COUNT',
        'PACKAGE_SEATS_APART',
        'PACKAGE_NO_SEATS_TOGETHER',
        'SOLD_OUT',
        'SEAT_TAKEN',
        'LIMIT_PER_ORDER',
        'LIMIT_PER_USER',
        'WAITING_LIST_RESERVED',
        'ACCESSIBLE_SEAT',
        'ADMISSION_REQUIRED',
        'ADMISSION_EXPIRED',
      ],
      handle: async ({ request, params, body, caller }) => {
        // A queued on-sale: the caller's admission from the waiting room first (lib/server/queue/admission.ts).
        const admission = await checkAdmission(request, caller.user.id, params.id);
        if (!admission.ok) throw new ApiError(admission.code);
        const result = await addPackageToCart({ user: caller.user, eventRef: params.id, packageId: body.packageId, seatIds: body.seatIds, locale: requestLocale(request) });
        if (!result.ok) throw failureOf(result);
        return result.cart;
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/packages',
      summary: 'The organisation’s packages (contents, price, how many, how many taken) and its events with their price categories, which a package can hold (owner, manager)',
      access: { capability: 'events', owner: 'organisation', query: 'organisation' },
      query: organisationQuerySchema,
      answer: organiserPackageListSchema,
      failures: [],
      handle: async ({ query, caller }) => {
        const result = await listPackages(caller.user.id, query.organisation);
        if (!result.ok) throw failureOf(result);
        return { packages: result.packages, events: result.events };
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/organiser/packages',
      summary:
        'Create a package: tickets of one event (a family ticket: seated lines are seats together; a VIP add-on) or of several (a festival pass: a line per day), sold as one at one price, `quantity` of them (owner, manager of the body’s organisation)',
      // The organisation is named in the body: createPackage decides the member's `events` capability in it.
      access: 'signed-in',
      body: packageCreateSchema,
      answer: organiserPackageAnswerSchema,
      status: 201,
      failures: ['ORG_NOT_FOUND', 'ROLE_FORBIDDEN', 'PACKAGE_CONTENTS_INVALID', 'PACKAGE_CURRENCY_MIXED'],
      handle: async ({ body, caller }) => {
        const result = await createPackage(caller.user.id, body);
        if (!result.ok) throw failureOf(result);
        return { package: result.package };
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/organiser/packages/{packageId}',
      summary: 'One package; another organisation’s is 404 (owner, manager)',
      access: byPackage,
      answer: organiserPackageAnswerSchema,
      failures: ['PACKAGE_NOT_FOUND'],
      handle: async ({ params, caller }) => {
        const { packageId } = parseWith(packageIdParamSchema, params);
        const result = await getPackage(caller.user.id, packageId);
        if (!result.ok) throw failureOf(result);
        return { package: result.package };
      },
    }),
    operation({
      method: 'patch',
      path: '/api/v1/organiser/packages/{packageId}',
      summary: 'Change a package; only what is sent changes. Its contents change only while none is paid or in a cart (owner, manager)',
      access: byPackage,
      body: packagePatchSchema,
      answer: organiserPackageAnswerSchema,
      failures: ['PACKAGE_NOT_FOUND', 'PACKAGE_CONTENTS_INVALID', 'PACKAGE_CURRENCY_MIXED'],
      handle: async ({ params, body, caller }) => {
        const { packageId } = parseWith(packageIdParamSchema, params);
        const result = await updatePackage(caller.user.id, packageId, body);
        if (!result.ok) throw failureOf(result);
        return { package: result.package };
      },
    }),
    operation({
      method: 'delete',
      path: '/api/v1/organiser/packages/{packageId}',
      summary: 'Remove a package no fan ever had in a cart; one that sold can only be taken off sale (owner, manager)',
      access: byPackage,
      answer: okSchema,
      failures: ['PACKAGE_NOT_FOUND', 'PACKAGE_IN_USE'],
      handle: async ({ params, caller }) => {
        const { packageId } = parseWith(packageIdParamSchema, params);
        const result = await deletePackage(caller.user.id, packageId);
        if (!result.ok) throw failureOf(result);
        return { ok: true as const };
      },
    }),
  ],
});
