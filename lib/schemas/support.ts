import { z } from 'zod';
// The support desk (lib/server/support) and the audit log: finding an order, its timeline, the actions
// support takes on it (each with a reason), and the audit log's filters. docs/decisions/support-desk.md
import { calendarDate, moneySchema, multilineText, plainText, recipientEmail, uuidString } from './primitives';
import { EXPORT_FORMATS } from './reports-live';

/** The order number a fan quotes: the order id's first 8 characters (orders/read.ts orderNumber), with or without a leading #. */
const ORDER_NUMBER = /^#?[0-9a-f]{8}$/i;

const seatPart = plainText('errors.invalidInput', 'support.errors.seatIncomplete').pipe(z.string().min(1, 'support.errors.seatIncomplete').max(40, 'validation.tooLong'));

/**
 * One way to find an order: the buyer's email, the order number, a ticket's id, or a seat (event,
 * section, row and seat, as printed on the ticket). `organisation`: whose orders (a member's); without
 * it, every organisation's (Tribuna admins only).
 */
export const supportSearchSchema = z
  .object({
    organisation: uuidString().optional().describe('The organisation whose orders are searched; omitted: all (Tribuna admins)'),
    email: recipientEmail.optional().describe("The buyer's email, or the email of a ticket's holder"),
    number: plainText()
      .pipe(z.string().regex(ORDER_NUMBER, 'support.errors.numberInvalid'))
      .transform((value) => value.replace('#', '').toLowerCase())
      .optional()
      .describe('The order number (8 characters, as on the receipt)'),
    ticket: uuidString('support.errors.ticketInvalid').optional().describe("A ticket's id"),
    event: uuidString().optional().describe("The seat's event"),
    section: seatPart.optional().describe("The seat's section: its code or its name in any language"),
    row: seatPart.optional().describe("The seat's row"),
    seat: seatPart.optional().describe("The seat's number"),
  })
  .superRefine((value, ctx) => {
    const bySeat = value.event !== undefined || value.section !== undefined || value.row !== undefined || value.seat !== undefined;
    const ways = [value.email, value.number, value.ticket].filter((v) => v !== undefined).length + (bySeat ? 1 : 0);
    if (ways !== 1) ctx.addIssue({ code: 'custom', message: 'support.errors.searchOne', path: ['email'] });
    else if (bySeat) {
      for (const field of ['event', 'section', 'row', 'seat'] as const) {
        if (value[field] === undefined) ctx.addIssue({ code: 'custom', message: 'support.errors.seatIncomplete', path: [field] });
      }
    }
  });
export type SupportSearch = z.infer<typeof supportSearchSchema>;

export const orderIdParamSchema = z.object({ orderId: uuidString() });
export const ticketIdParamSchema = z.object({ ticketId: uuidString() });

/** Why support acts: required, a sentence a colleague understands later (3–500 characters). */
export const supportReason = multilineText(500, 'validation.tooLong', 'support.errors.reasonRequired')
  .pipe(z.string().min(3, 'support.errors.reasonRequired'))
  .describe('Why (3–500 characters): written to the audit log with the change');

const reasonObject = { reason: supportReason };

export const supportReasonSchema = z.strictObject(reasonObject, { error: 'errors.invalidInput' });
export const supportMoveSchema = z.strictObject({ ...reasonObject, email: recipientEmail }, { error: 'errors.invalidInput' });
export const supportRefundSchema = z.strictObject(
  { ...reasonObject, amount: z.number({ error: 'support.errors.amountInvalid' }).int('support.errors.amountInvalid').positive('support.errors.amountInvalid').optional().describe('Minor units; omitted: the whole order') },
  { error: 'errors.invalidInput' },
);

export const orderStatusSchema = z.enum(['pending', 'paid', 'failed', 'cancelled', 'refunded']);

export const supportOrderSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  event: z.string().describe('The event’s title in the request’s language'),
  eventStartsAt: z.string(),
  organisation: z.string(),
  buyerEmail: z.string().nullable(),
  buyerName: z.string(),
  total: moneySchema,
  tickets: z.number().int(),
  createdAt: z.string(),
});
export type SupportOrderSummary = z.infer<typeof supportOrderSummarySchema>;
export const supportSearchResultSchema = z.object({ orders: z.array(supportOrderSummarySchema).describe('At most 50, newest first') });

export const supportTicketSchema = z.object({
  id: z.string(),
  status: z.enum(['valid', 'listed', 'checked_in', 'void', 'released']),
  type: z.string(),
  seat: z.string().nullable().describe('Section, row and seat; null for a standing place'),
  holderEmail: z.string().nullable(),
  version: z.number().int().describe('The code’s version: a move or a void raises it, which kills the old code'),
  price: moneySchema,
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const TIMELINE_KINDS = [
  'order.created',
  'order.paid',
  'order.refunded',
  'payment',
  'refund.queued',
  'refund.done',
  'mail',
  'gift',
  'resale.listed',
  'resale.sold',
  'resale.withdrawn',
  'scan',
  'audit',
] as const;

export const timelineEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  /** The state of what it is about: a payment's or gift's status, a scan's result, an audit entry's action. */
  status: z.string().nullable(),
  amount: moneySchema.nullable(),
  /** A mail's subject and address, a gift's recipient, a payment's provider, a scan's gate. */
  detail: z.string().nullable(),
  ticketId: z.string().nullable(),
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const supportOrderSchema = z.object({
  order: supportOrderSummarySchema.extend({ paidAt: z.string().nullable(), orgId: z.string() }),
  tickets: z.array(supportTicketSchema),
  timeline: z.array(timelineEntrySchema).describe('Oldest first'),
});
export type SupportOrder = z.infer<typeof supportOrderSchema>;

export const supportActionResultSchema = z.object({ ok: z.literal(true), auditId: z.string() });

// ── the audit log ─────────────────────────────────────────────────────────────
const ACTION_CODE = /^[a-z_]+(\.[a-z_]+)*$/;

export const auditQuerySchema = z.object({
  organisation: uuidString().optional().describe('The organisation whose entries are read (its owners); omitted: all (Tribuna admins)'),
  from: calendarDate().optional().describe('First day (YYYY-MM-DD, Europe/Bratislava)'),
  to: calendarDate().optional().describe('Last day (YYYY-MM-DD, Europe/Bratislava)'),
  action: plainText()
    .pipe(z.string().max(60, 'validation.tooLong').regex(ACTION_CODE, 'support.errors.actionInvalid'))
    .optional()
    .describe("An action code ('ticket.void') or its start ('ticket')"),
  actor: recipientEmail.optional().describe("The acting person's email"),
  locale: z.enum(['sk', 'cs', 'en'], { error: 'errors.invalidInput' }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditExportQuerySchema = auditQuerySchema.extend({ format: z.enum(EXPORT_FORMATS, { error: 'errors.invalidInput' }) });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable().describe('The acting person’s email; null for the system'),
  organisation: z.string().nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  reason: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;
export const auditLogSchema = z.object({ entries: z.array(auditEntrySchema).describe('At most 200, newest first'), more: z.boolean() });
