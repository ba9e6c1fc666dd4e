// Schemas of Tribuna's administration of organisations (lib/server/organisations/): each organisation's
// payment provider and commercial terms, as a Tribuna admin sees and changes them. Shared by the admin's
// form and the API; messages are keys in messages/*.json (namespace organisations).
import { z } from 'zod';
import { platformFeeFields } from './onboarding';
import { supportReason } from './support';

const E = 'organisations.errors';

/** The providers an organisation may choose (organisations.payment_provider); the rest take the deployment's default. */
export const ORGANISATION_PAYMENT_PROVIDERS = ['comgate'] as const;
/** What an admin chooses: the deployment's default (Stripe, or the demo's test gateway) or an organisation's own provider. */
export const PAYMENT_PROVIDER_CHOICES = ['default', ...ORGANISATION_PAYMENT_PROVIDERS] as const;
export type PaymentProviderChoice = (typeof PAYMENT_PROVIDER_CHOICES)[number];
/** When an organisation's payouts are made (payouts/organisers.ts): per monthly settlement period, or after each event. */
export const PAYOUT_SCHEDULES = ['period', 'event'] as const;

/** PUT /api/v1/admin/organisations/{orgId}/terms: the whole of the terms, and why they change (the audit log's reason). */
export const organisationTermsSchema = z.strictObject(
  {
    paymentProvider: z.enum(PAYMENT_PROVIDER_CHOICES, { error: `${E}.paymentProvider` }).describe('default = the deployment’s (Stripe, or the demo’s test gateway); comgate = Comgate, only where the deployment configures it'),
    ...platformFeeFields,
    payoutSchedule: z.enum(PAYOUT_SCHEDULES, { error: `${E}.payoutSchedule` }).describe('period = with the monthly settlement; event = after each event'),
    reason: supportReason,
  },
  { error: 'errors.invalidInput' },
);
export type OrganisationTermsInput = z.output<typeof organisationTermsSchema>;
export type OrganisationTermsForm = z.input<typeof organisationTermsSchema>;

/** An organisation as the admins' list shows it. */
export const organisationAdminViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  country: z.string(),
  currency: z.enum(['EUR', 'CZK']),
  approved: z.boolean(),
  paymentProvider: z.enum(PAYMENT_PROVIDER_CHOICES),
  platformFeePerTicket: z.number().int(),
  platformFeeBps: z.number().int(),
  payoutSchedule: z.enum(PAYOUT_SCHEDULES),
});
export type OrganisationAdminView = z.infer<typeof organisationAdminViewSchema>;

/** What this deployment can take payments with: its default provider (none: checkout is refused) and whether Comgate is configured. */
export const paymentProvidersSchema = z.object({
  default: z.enum(['stripe', 'test']).nullable(),
  comgate: z.boolean(),
});
export type PaymentProvidersView = z.infer<typeof paymentProvidersSchema>;

export const organisationListSchema = z.object({ organisations: z.array(organisationAdminViewSchema), providers: paymentProvidersSchema });
export const organisationResultSchema = z.object({ organisation: organisationAdminViewSchema });
