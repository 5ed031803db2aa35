import { z } from 'zod';
import { storableString } from './text-fields.js';

/**
 * The thread of an order: messages between the order's customer and the agency, with files attached
 * (StoredFiles uploaded for that order through POST /api/orders/{id}/files), and the admins' internal
 * notes, which no customer response ever holds. Message text is plain text: shown with its line
 * breaks, never as HTML.
 *
 * Customer: GET  /api/orders/unread                      → CustomerUnreadMessages (agency messages not read)
 *           GET  /api/orders/{id}/messages               → OrderThread (own orders only; no internal notes)
 *           POST /api/orders/{id}/messages               PostOrderMessage → 201 OrderMessage
 *           POST /api/orders/{id}/messages/read          → OrderThreadRead (everything so far is read)
 * Admin:    GET  /api/admin/orders/unread                → AdminUnreadMessages (customer messages no admin read)
 *           GET  /api/admin/orders/{id}/messages         → OrderThread (with internal notes)
 *           POST /api/admin/orders/{id}/messages         PostAdminOrderMessage → 201 OrderMessage
 *                                                          (`internal: true`: an internal note)
 *           POST /api/admin/orders/{id}/messages/read    → OrderThreadRead (one marker shared by the admins)
 *
 * The customer is e-mailed at most once per order per ORDER_MESSAGE_EMAIL_DELAY_MS (10 minutes), the
 * e-mail listing the agency's messages still unread then; the admins hear of each customer message at
 * once (the live feed's `order.message` and an e-mail). Internal notes e-mail nobody.
 */

/** Longest message, in characters (after trimming). */
export const MAX_ORDER_MESSAGE_LENGTH = 5000;
/** Most files attached to one message. */
export const MAX_ORDER_MESSAGE_ATTACHMENTS = 5;

export const MESSAGE_AUTHORS = ['customer', 'admin'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const ORDER_THREAD_TEXTS = {
  bodyRequired: 'Write a message or attach a file',
  bodyTooLong: `Message must be at most ${MAX_ORDER_MESSAGE_LENGTH} characters`,
  tooManyFiles: `At most ${MAX_ORDER_MESSAGE_ATTACHMENTS} files can be attached to one message`,
  notAFileId: 'Not a file id',
  sameFileTwice: 'The same file is attached twice',
  /** A file id that names no attachment uploaded for this order. */
  fileNotOfOrder:
    'A file attached is not one uploaded for this order (for a message, or for an internal note)',
  internalNotBoolean: 'internal must be true or false',
  sent: 'Message sent',
  noteSaved: 'Internal note saved',
  /** How a customer sees the agency's side. */
  agency: 'The agency',
  internalNote: 'Internal note',
  empty: 'No messages yet. Ask the agency anything about this order here.',
  adminEmpty: 'No messages yet.',
  unreadTitle: 'Unread messages',
  adminUnreadTitle: 'Unread customer messages',
  noUnread: 'No unread messages about your orders.',
  adminNoUnread: 'No unread customer messages.',
} as const;

/** The message text: trimmed plain text (emptiness is judged with the attachments). */
const messageBody = storableString('Message')
  .trim()
  .max(MAX_ORDER_MESSAGE_LENGTH, { error: ORDER_THREAD_TEXTS.bodyTooLong });

const attachmentIds = z
  .array(z.uuid({ error: ORDER_THREAD_TEXTS.notAFileId }), {
    error: 'attachments must be a list of file ids',
  })
  .max(MAX_ORDER_MESSAGE_ATTACHMENTS, { error: ORDER_THREAD_TEXTS.tooManyFiles })
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
    error: ORDER_THREAD_TEXTS.sameFileTwice,
  })
  .default([])
  .meta({ description: 'Ids of files uploaded for this order (POST /api/orders/{id}/files)' });

/** A text or at least one file: an empty message is refused on `body`. */
function bodyOrFiles(input: { body: string; attachments: string[] }, ctx: z.RefinementCtx) {
  // Also run on input whose other fields failed: judge only what is there.
  const files: unknown = input.attachments;
  if (input.body === '' && Array.isArray(files) && files.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['body'], message: ORDER_THREAD_TEXTS.bodyRequired });
  }
}

/** What a customer sends on their order's thread. */
export const postOrderMessageSchema = z
  .strictObject({
    body: messageBody.meta({
      description: 'Plain text (trimmed); may be empty when files are attached',
    }),
    attachments: attachmentIds,
  })
  .superRefine(bodyOrFiles)
  .meta({ id: 'PostOrderMessage' });
export type PostOrderMessageInput = z.input<typeof postOrderMessageSchema>;
export type PostOrderMessage = z.output<typeof postOrderMessageSchema>;

/** What an admin sends: a message to the customer, or (`internal: true`) a note only admins see. */
export const postAdminOrderMessageSchema = z
  .strictObject({
    body: messageBody.meta({
      description: 'Plain text (trimmed); may be empty when files are attached',
    }),
    attachments: attachmentIds,
    internal: z
      .boolean({ error: ORDER_THREAD_TEXTS.internalNotBoolean })
      .default(false)
      .meta({ description: 'An internal note: shown to admins only, e-mailed to nobody' }),
  })
  .superRefine(bodyOrFiles)
  .meta({ id: 'PostAdminOrderMessage' });
export type PostAdminOrderMessageInput = z.input<typeof postAdminOrderMessageSchema>;
export type PostAdminOrderMessage = z.output<typeof postAdminOrderMessageSchema>;

/** A file attached to a message: downloaded from GET /api/files/{id} (its owner and the admins). */
export const orderMessageAttachmentSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'OrderMessageAttachment' });
export type OrderMessageAttachment = z.infer<typeof orderMessageAttachmentSchema>;

export const orderMessageSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    author: z.enum(MESSAGE_AUTHORS),
    /** Who wrote it; an admin's address is shown to admins only (customers read "The agency"). */
    authorEmail: z.string().nullable(),
    /** Plain text with its line breaks: never render it as HTML. */
    body: z.string(),
    /** An internal note (admins only: never in a customer's response). */
    internal: z.boolean(),
    attachments: z.array(orderMessageAttachmentSchema),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'OrderMessage' });
export type OrderMessage = z.infer<typeof orderMessageSchema>;

/** An order's thread, oldest first, and how many of its messages the viewer has not read. */
export const orderThreadSchema = z
  .object({
    orderId: z.uuid(),
    messages: z.array(orderMessageSchema),
    /** Messages from the other side not read yet (by this customer; by any admin). */
    unread: z.number().int(),
  })
  .meta({ id: 'OrderThread' });
export type OrderThread = z.infer<typeof orderThreadSchema>;

export const orderThreadReadSchema = z
  .object({ orderId: z.uuid(), unread: z.number().int() })
  .meta({ id: 'OrderThreadRead' });
export type OrderThreadRead = z.infer<typeof orderThreadReadSchema>;

/** One order with messages the viewer has not read. */
export const unreadOrderSchema = z
  .object({
    orderId: z.uuid(),
    packageName: z.string(),
    customerName: z.string(),
    unread: z.number().int(),
    /** The newest unread message's time. */
    latestAt: z.iso.datetime(),
  })
  .meta({ id: 'UnreadOrderMessages' });
export type UnreadOrder = z.infer<typeof unreadOrderSchema>;

/** Unread messages per order (newest first, at most MAX_UNREAD_ORDERS orders) and in all. */
export const unreadMessagesSchema = z
  .object({
    total: z.number().int(),
    orders: z.array(unreadOrderSchema),
  })
  .meta({ id: 'UnreadMessages' });
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** Most orders listed by the unread counts (the total counts them all). */
export const MAX_UNREAD_ORDERS = 50;

/** The order page of an order, for its customer and for admins. */
export const orderPagePath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
