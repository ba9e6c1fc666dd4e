// Schemas of packages (issue 18): tickets sold as one at one price — a family ticket of seats
// together, a festival pass over every day, a VIP add-on. The organiser console's package form and the
// fan's "add the package to the cart", shared by forms and API handlers. Messages are keys in messages/*.json.
import { z } from 'zod';
import { currencySchema, localizedTextSchema, moneySchema, plainText, uuidString } from './primitives';

const M = 'packages.errors';

// ── organiser ─────────────────────────────────────────────────────────────────
const packageName = () => plainText(`${M}.name`).min(1, `${M}.name`).max(120, `${M}.name`);
const packageText = () => plainText(`${M}.description`).max(500, `${M}.description`);

export const packageContentSchema = z.strictObject({
  eventId: uuidString(`${M}.event`),
  ticketTypeId: uuidString(`${M}.category`),
  quantity: z.number({ error: `${M}.quantity` }).int(`${M}.quantity`).min(1, `${M}.quantity`).max(10, `${M}.quantity`),
});

const packageFields = {
  name: z.object({ sk: packageName(), cs: packageName(), en: packageName() }),
  description: z.object({ sk: packageText(), cs: packageText(), en: packageText() }).nullable(),
  price: z.number({ error: `${M}.price` }).int(`${M}.price`).min(1, `${M}.price`).max(100_000_000, `${M}.price`),
  /** How many packages are for sale. */
  quantity: z.number({ error: `${M}.count` }).int(`${M}.count`).min(1, `${M}.count`).max(100_000, `${M}.count`),
  onSale: z.boolean({ error: 'errors.invalidInput' }),
  /** What one package holds; seated lines are seats together. */
  contents: z.array(packageContentSchema, { error: `${M}.contents` }).min(1, `${M}.contents`).max(10, `${M}.contents`),
};

export const packageCreateSchema = z.strictObject({
  organisation: uuidString('organiser.errors.organisationRequired'),
  ...packageFields,
});
export type PackageCreateInput = z.infer<typeof packageCreateSchema>;

export const packagePatchSchema = z.strictObject(packageFields).partial();
export type PackagePatchInput = z.infer<typeof packagePatchSchema>;

export const packageIdParamSchema = z.object({ packageId: uuidString() });

export const packageContentViewSchema = z.object({
  eventId: z.string(),
  eventTitle: localizedTextSchema,
  startsAt: z.string(),
  ticketTypeId: z.string(),
  ticketTypeName: localizedTextSchema,
  kind: z.enum(['seated', 'standing']),
  quantity: z.number().int(),
});

export const organiserPackageSchema = z.object({
  id: z.string(),
  name: localizedTextSchema,
  description: localizedTextSchema.nullable(),
  price: z.number().int(),
  currency: currencySchema,
  quantity: z.number().int(),
  onSale: z.boolean(),
  /** Packages paid or in a live cart now. */
  taken: z.number().int(),
  contents: z.array(packageContentViewSchema),
});
export type OrganiserPackage = z.infer<typeof organiserPackageSchema>;

/** The organisation's events (not cancelled, not past) with their price categories: what a package can hold. */
export const packageCandidateSchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  startsAt: z.string(),
  currency: currencySchema,
  categories: z.array(z.object({ id: z.string(), name: localizedTextSchema, kind: z.enum(['seated', 'standing']), price: z.number().int() })),
});
export const organiserPackageAnswerSchema = z.object({ package: organiserPackageSchema });
export const organiserPackageListSchema = z.object({ packages: z.array(organiserPackageSchema), events: z.array(packageCandidateSchema) });

// ── fans ──────────────────────────────────────────────────────────────────────
/** POST /api/v1/events/{id}/cart/packages: the package, and for a seated one optionally the fan's own seats (else the best together). */
export const packageAddSchema = z.strictObject({
  packageId: uuidString(`${M}.notFound`),
  seatIds: z.array(uuidString()).min(1, 'cart.selectSeats').max(20).optional(),
});
export type PackageAddInput = z.infer<typeof packageAddSchema>;

export const eventPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: moneySchema,
  /** What the tickets would cost one by one (the face values), to show the saving. */
  faceValue: moneySchema,
  /** Packages still to be had. */
  left: z.number().int(),
  seated: z.boolean(),
  tickets: z.number().int(),
  contents: z.array(z.object({ eventId: z.string(), eventTitle: z.string(), startsAt: z.string(), ticketType: z.string(), kind: z.enum(['seated', 'standing']), quantity: z.number().int() })),
});
export type EventPackage = z.infer<typeof eventPackageSchema>;
export const eventPackagesSchema = z.object({ packages: z.array(eventPackageSchema) });
