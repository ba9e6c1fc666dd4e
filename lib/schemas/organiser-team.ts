// The organiser console's team (members, invitations) and event images: what the forms send and the API answers.
import { z } from 'zod';
import { newAccountFields, passwordsMatch, sessionSchema } from './auth';
import { orgRoleSchema } from './organiser';
import { localizedTextSchema, plainText, recipientEmail, uuidString } from './primitives';

// ── team ─────────────────────────────────────────────────────────────────────
const roleField = z.enum(['owner', 'manager', 'scanner'], { error: 'organiser.team.errors.roleRequired' });

/** POST /api/v1/organiser/organisations/{orgId}/members — invite by email. */
export const inviteSchema = z.object({
  email: recipientEmail,
  role: roleField,
});
export type InviteInput = z.input<typeof inviteSchema>;

/** PATCH /api/v1/organiser/organisations/{orgId}/members/{memberId} */
export const memberRoleSchema = z.object({ role: roleField });
export type MemberRoleInput = z.infer<typeof memberRoleSchema>;

export const memberParamSchema = z.object({ orgId: uuidString(), memberId: uuidString() });
export const invitationParamSchema = z.object({ orgId: uuidString(), invitationId: uuidString() });

const invitationToken = plainText('organiser.invitation.errors.invalid', 'organiser.invitation.errors.invalid').pipe(
  z.string().min(1, 'organiser.invitation.errors.invalid').max(200, 'organiser.invitation.errors.invalid'),
);

/** POST /api/v1/organiser/invitations/accept — the token of the invitation's link. */
export const acceptInvitationSchema = z.object({ token: invitationToken });

/** POST /api/v1/organiser/invitations/signup — a new account for the invited address (the link's token proves it): name and password. */
export const invitationSignUpSchema = passwordsMatch(z.object({ token: invitationToken, ...newAccountFields }));
export type InvitationSignUpInput = z.input<typeof invitationSignUpSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  since: z.string().describe('ISO 8601: when they joined'),
});

export const openInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: orgRoleSchema,
  invitedBy: z.string().nullable().describe('name of the member who invited'),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export const teamSchema = z.object({ members: z.array(teamMemberSchema), invitations: z.array(openInvitationSchema) });
export type Team = z.infer<typeof teamSchema>;

export const inviteResultSchema = z.object({ invitation: openInvitationSchema });
export const memberResultSchema = z.object({ member: teamMemberSchema });

export const acceptResultSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  role: orgRoleSchema,
});

/** The new account's session and the membership it was given. */
export const invitationSignUpResultSchema = sessionSchema.extend(acceptResultSchema.shape);

// ── event images ─────────────────────────────────────────────────────────────
export const galleryImageSchema = z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: localizedTextSchema });

/** The event's gallery after a change, and its cover (events.image_url). */
export const galleryResultSchema = z.object({ gallery: z.array(galleryImageSchema), cover: z.string() });
export type GalleryResult = z.infer<typeof galleryResultSchema>;

const altText = plainText().max(300, 'organiser.images.errors.altTooLong');

/** The text fields of the multipart upload (besides `file`). */
export const imageUploadFieldsSchema = z.object({ altSk: altText.optional(), altCs: altText.optional(), altEn: altText.optional() });

/** JSON Schema of the multipart upload for the OpenAPI document (the handler reads the form itself). */
export const imageUploadSchema = imageUploadFieldsSchema.extend({
  file: z.string().describe('binary: a JPEG, PNG, WebP or AVIF image of at most 10 MB'),
});

export const imageIndexParamSchema = z.object({
  eventId: uuidString(),
  index: z.string().regex(/^\d{1,3}$/, 'errors.invalidInput').describe('position in the gallery, from 0'),
});

/** PATCH …/images/{index}: make it the cover (moves it first) and/or change its alt texts. */
export const imageUpdateSchema = z.object({
  cover: z.literal(true, { error: 'errors.invalidInput' }).optional(),
  alt: z.object({ sk: altText, cs: altText, en: altText }).partial().optional(),
});

/** PATCH …/images: the gallery in a new order, as the current positions (a permutation of 0…n-1). */
export const imageOrderSchema = z.object({ order: z.array(z.number().int().min(0).max(999), { error: 'errors.invalidInput' }).max(1000) });
