import 'server-only';
// Onboarding over the API (issue 32): a signed-in person applies to sell on Tribuna (the organisation is
// created unapproved, the applicant its owner), Tribuna's admins approve with commercial terms, ask for
// changes or reject, and the owners keep the organisation's legal profile (bank account and tax data
// behind their password and a cooling period; the job applies what is due).
import {
  applicationIdParamSchema,
  applicationListSchema,
  applicationResultSchema,
  applicationSchema,
  approveSchema,
  legalProfileSchema,
  legalProfileViewSchema,
  myApplicationSchema,
  payoutScheduleSchema,
  reviewSchema,
} from '@/lib/schemas/onboarding';
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import type { Caller } from '@/lib/server/api/authenticate';
import { ApiError } from '@/lib/server/api/error';
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { enforceRateLimit } from '@/lib/server/rate-limit';
import { listApplications, myApplication, resubmitApplication, reviewApplication, submitApplication } from './applications';
import { APPLY_BATCH, applyDueProfileChanges, getLegalProfile, PROFILE_COOLING_DAYS, setPayoutSchedule, updateLegalProfile } from './legal-profile';

const privately = { headers: { 'Cache-Control': 'private, no-store' } };

/** The owners of the organisation the path names (bank details are the owner's: the access table's 'payouts'). */
const ownersOfOrg = { capability: 'payouts', owner: 'organisation', param: 'orgId' } as const;

/** Each submission mails the applicant: plenty for a person, too few for a script. */
const applicationWrites = async (_request: Request, caller: Caller) => {
  await enforceRateLimit([{ key: `application:user:${caller.user.id}`, limit: 20, windowSeconds: 3600 }]);
};

/** An admin's decision on an application that carries only a message (asking for changes, rejecting). */
function reviewOperation(review: 'changes' | 'rejected', summary: string) {
  return operation({
    method: 'post',
    path: `/api/v1/admin/applications/{applicationId}/${review === 'changes' ? 'changes' : 'reject'}`,
    summary,
    access: 'admin',
    params: applicationIdParamSchema,
    body: reviewSchema,
    answer: applicationResultSchema,
    failures: ['APPLICATION_NOT_FOUND', 'APPLICATION_DECIDED'],
    handle: async ({ params, body, caller }) => {
      const { applicationId } = parseWith(applicationIdParamSchema, params);
      const result = await reviewApplication(caller.user, applicationId, { review, message: body.message });
      if (!result.ok) throw failureOf(result);
      return json({ application: result.application }, privately);
    },
  });
}

export default defineModule({
  name: 'onboarding',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/onboarding/application',
      summary: "The caller's latest application to sell on Tribuna (its status and the admin's message), or null",
      access: 'signed-in',
      answer: myApplicationSchema,
      failures: [],
      handle: async ({ caller }) => json({ application: await myApplication(caller.user) }, privately),
    }),
    operation({
      method: 'post',
      path: '/api/v1/onboarding/application',
      summary:
        'Apply to sell on Tribuna: organisation, legal form, registered address, IČO (checksum), DIČ and IČ DPH per country, IBAN/BIC, contact, language, currency and the organiser terms. Creates the organisation unapproved with the caller as owner (drafts yes, publishing no) and mails a confirmation. One open application per person (409). 20 per hour',
      access: 'signed-in',
      before: applicationWrites,
      body: applicationSchema,
      answer: applicationResultSchema,
      status: 201,
      failures: ['APPLICATION_OPEN', 'RATE_LIMITED'],
      handle: async ({ body, caller }) => {
        const result = await submitApplication(caller.user, body);
        if (!result.ok) throw failureOf(result);
        return json({ application: result.application }, { ...privately, status: 201 });
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/onboarding/application',
      summary: "Change the caller's open application (waiting for review, or the changes an admin asked for) and submit it again for review",
      access: 'signed-in',
      before: applicationWrites,
      body: applicationSchema,
      answer: applicationResultSchema,
      failures: ['APPLICATION_NOT_FOUND', 'RATE_LIMITED'],
      handle: async ({ body, caller }) => {
        const result = await resubmitApplication(caller.user, body);
        if (!result.ok) throw failureOf(result);
        return json({ application: result.application }, privately);
      },
    }),
    operation({
      method: 'get',
      path: '/api/v1/admin/applications',
      summary: 'Tribuna admins: the applications, those waiting for review first (oldest first), then the decided ones',
      access: 'admin',
      answer: applicationListSchema,
      failures: [],
      handle: async ({ caller }) => {
        const result = await listApplications(caller.user);
        if (!result.ok) throw failureOf(result);
        return json({ applications: result.applications }, privately);
      },
    }),
    operation({
      method: 'post',
      path: '/api/v1/admin/applications/{applicationId}/approve',
      summary:
        "Tribuna admins: approve a waiting application with the commercial terms (platform fee per ticket in minor units and/or basis points of the price) and a message mailed in the applicant's language; the organisation may publish from now. Audited",
      access: 'admin',
      params: applicationIdParamSchema,
      body: approveSchema,
      answer: applicationResultSchema,
      failures: ['APPLICATION_NOT_FOUND', 'APPLICATION_DECIDED'],
      handle: async ({ params, body, caller }) => {
        const { applicationId } = parseWith(applicationIdParamSchema, params);
        const result = await reviewApplication(caller.user, applicationId, { review: 'approved', terms: body });
        if (!result.ok) throw failureOf(result);
        return json({ application: result.application }, privately);
      },
    }),
    reviewOperation(
      'changes',
      "Tribuna admins: ask for changes of a waiting application, with a message mailed in the applicant's language; the applicant edits and submits again. Audited",
    ),
    reviewOperation(
      'rejected',
      "Tribuna admins: reject an open application, with a message mailed in the applicant's language; the organisation stays unapproved (it never publishes). Audited",
    ),
    operation({
      method: 'get',
      path: '/api/v1/organiser/organisations/{orgId}/legal-profile',
      summary: 'The legal profile (owners only): legal name and form, registered address, tax data, bank account, approval and terms, and a waiting change of the bank account or tax data with when it applies',
      access: ownersOfOrg,
      answer: legalProfileViewSchema,
      failures: [],
      handle: async ({ params, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await getLegalProfile(caller.user.id, orgId);
        if (!result.ok) throw failureOf(result);
        return json(result.profile, privately);
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/organisations/{orgId}/legal-profile',
      summary: `Save the legal profile (owners only). Name, form and address change at once; a change of the bank account or tax data needs currentPassword, is mailed to every owner and applies after ${PROFILE_COOLING_DAYS} days (until then payouts use the current account). Audited. 10 per 10 minutes`,
      access: ownersOfOrg,
      // Password attempts are counted before the body is read.
      before: async (_request, caller) => {
        await enforceRateLimit([{ key: `legal-profile:user:${caller.user.id}`, limit: 10, windowSeconds: 600 }]);
      },
      body: legalProfileSchema,
      answer: legalProfileViewSchema,
      failures: ['PROFILE_INVALID', 'PROFILE_PASSWORD_REQUIRED', 'WRONG_PASSWORD', 'RATE_LIMITED'],
      handle: async ({ params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await updateLegalProfile(caller.user.id, orgId, body);
        if (!result.ok) {
          if (result.code === 'PROFILE_INVALID') throw new ApiError('PROFILE_INVALID', { fieldErrors: result.errors });
          throw failureOf(result);
        }
        return json(result.profile, privately);
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/organiser/organisations/{orgId}/payout-schedule',
      summary:
        'Choose when Tribuna pays the organisation what it owes (owners only): once per settlement period (a calendar month) or after each event (its end plus the payout wait). Applies to the payouts made from now; nothing owed is lost either way. Audited',
      access: ownersOfOrg,
      body: payoutScheduleSchema,
      answer: legalProfileViewSchema,
      failures: [],
      handle: async ({ params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await setPayoutSchedule(caller.user.id, orgId, body);
        if (!result.ok) throw failureOf(result);
        return json(result.profile, privately);
      },
    }),
  ],
  jobs: [
    // Bank account and tax data whose cooling period has ended are written onto the organisation (payouts read them there).
    { name: 'legal profile changes', order: 70, run: async () => (await applyDueProfileChanges()) === APPLY_BATCH },
  ],
});
