// The organiser console's shared shapes: organisations, roles, the `?organisation=` query.
import { z } from 'zod';
import { uuidString } from './primitives';

export const orgRoleSchema = z.enum(['owner', 'manager', 'scanner']);
export type OrgRole = z.infer<typeof orgRoleSchema>;

export const capabilitySchema = z.enum(['team', 'payouts', 'events', 'gate', 'support', 'audit', 'payout-list']);

export const membershipSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  kind: z.enum(['club', 'promoter', 'festival']),
  role: orgRoleSchema,
  capabilities: z.array(capabilitySchema),
});

export const myOrganisationsSchema = z.object({ organisations: z.array(membershipSchema) });

/** `?organisation={orgId}` of the console's list calls. */
export const organisationQuerySchema = z.object({ organisation: uuidString('organiser.errors.organisationRequired') });

export const orgIdParamSchema = z.object({ orgId: uuidString() });
export const eventIdParamSchema = z.object({ eventId: uuidString() });
export const venueIdParamSchema = z.object({ venueId: uuidString() });
