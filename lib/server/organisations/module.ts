import 'server-only';
// Tribuna's administration of organisations over the API (issue 33): every organisation with its payment
// provider and commercial terms, and an admin's change of them (audited, with a reason).
import { orgIdParamSchema } from '@/lib/schemas/organiser';
import { organisationListSchema, organisationResultSchema, organisationTermsSchema } from '@/lib/schemas/organisations';
import { defineModule, operation } from '@/lib/server/api/operation';
import { failureOf, json, parseWith } from '@/lib/server/api/respond';
import { listOrganisations, setOrganisationTerms } from './admin';

const privately = { headers: { 'Cache-Control': 'private, no-store' } };

export default defineModule({
  name: 'organisations',
  operations: [
    operation({
      method: 'get',
      path: '/api/v1/admin/organisations',
      summary:
        'Tribuna admins: every organisation by name with its payment provider (default or comgate) and commercial terms (platform fee per ticket and in basis points, payout schedule), and what this deployment can take payments with',
      access: 'admin',
      answer: organisationListSchema,
      failures: [],
      handle: async ({ caller }) => {
        const result = await listOrganisations(caller.user);
        if (!result.ok) throw failureOf(result);
        return json({ organisations: result.organisations, providers: result.providers }, privately);
      },
    }),
    operation({
      method: 'put',
      path: '/api/v1/admin/organisations/{orgId}/terms',
      summary:
        'Tribuna admins: set an organisation’s payment provider (default, or comgate where the deployment configures Comgate: else 409 COMGATE_NOT_CONFIGURED), its platform fee and its payout schedule, with a reason. Audited with before and after',
      access: 'admin',
      params: orgIdParamSchema,
      body: organisationTermsSchema,
      answer: organisationResultSchema,
      failures: ['ORG_NOT_FOUND', 'COMGATE_NOT_CONFIGURED'],
      handle: async ({ params, body, caller }) => {
        const { orgId } = parseWith(orgIdParamSchema, params);
        const result = await setOrganisationTerms(caller.user, orgId, body);
        if (!result.ok) throw failureOf(result);
        return json({ organisation: result.organisation }, privately);
      },
    }),
  ],
});
