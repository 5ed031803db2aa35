import { z } from 'zod';
import { storableString } from './text-fields.js';

/**
 * Deliverables: the files the agency delivers on a paid order, round by round, and the customer's
 * answer to each round (approve, or ask for changes). Files are uploaded first through the shared
 * POST /api/orders/{id}/files?kind=deliverable (its size limit applies), then delivered by their ids.
 *
 * Admin:    POST /api/admin/orders/{id}/deliveries              DeliverWork → 201 Delivery (a new round;
 *                                                                 the customer is e-mailed)
 *           GET  /api/admin/orders/{id}/deliveries              → Delivery[] (newest round first)
 * Customer: GET  /api/orders/{id}/deliveries                    → Delivery[] (own orders only; 404 else)
 *           POST /api/orders/{id}/deliveries/approve            → Order (stage delivered only; orderStatus
 *                                                                 becomes Delivered)
 *           POST /api/orders/{id}/deliveries/request-changes    RequestChanges → Order (the stage reopens)
 *           GET  /api/files/{fileId}                            the files (attachment)
 *
 * A transition the order's stage does not allow answers 409 with the order's reason. Without an answer
 * within DELIVERY_AUTO_APPROVE_DAYS, a scheduled job approves the latest round ('auto').
 */

/** The longest delivery note and change request, in characters (plain text). */
export const DELIVERY_NOTE_MAX_LENGTH = 5000;
export const CHANGES_MESSAGE_MAX_LENGTH = 2000;
/** The most files one round delivers. */
export const DELIVERY_MAX_FILES = 20;

export const DELIVERY_TEXTS = {
  noFiles: 'Choose at least one file to deliver.',
  tooManyFiles: `At most ${DELIVERY_MAX_FILES} files can be delivered at once.`,
  badFileId: 'Not a file id.',
  duplicateFile: 'A file is listed twice.',
  notDeliverable:
    'Not a deliverable file of this order: upload it to this order as a deliverable first.',
  messageRequired: 'Tell us what to change.',
  title: 'Deliverables',
  nothingYet: 'Nothing has been delivered yet.',
  approve: 'Approve',
  askForChanges: 'Ask for changes',
  deliver: 'Deliver',
  approved: 'Approved',
  autoApproved: 'Approved automatically',
  changesRequested: 'Changes requested',
  waiting: 'Waiting for the customer’s answer',
  yourAnswer: 'Please look at the files, then approve them or tell us what to change.',
  approveTitle: 'Approve this delivery?',
  approveMessage: 'Your order is then complete. You can still download the files.',
  approvedToast: 'Thank you: the delivery is approved.',
  changesLabel: 'What should we change?',
  sendChanges: 'Send',
  changesSentToast: 'Your request is sent: we will deliver again.',
  deliverTitle: 'Deliver files',
  noteLabel: 'Note to the customer (optional)',
  filesLabel: 'Files',
  filesHint: 'Reports as PDF, CSV, images or office documents; each is uploaded as you choose it.',
  uploading: 'Uploading…',
  uploaded: 'Uploaded',
  remove: 'Remove',
  waitForUploads: 'Wait until the files are uploaded.',
  deliveredToast: 'Delivered: the customer is e-mailed.',
  awaitingDetails: 'The files can be delivered once the customer has sent the order’s details.',
  round: (round: number) => `Delivery ${round}`,
} as const;

/** The timeline's line for a delivery, its approval and the job's approval. */
export const deliveredText = (files: number) =>
  `Delivered ${files} ${files === 1 ? 'file' : 'files'}`;
export const autoApprovedText = (days: number) =>
  `Approved automatically after ${days} ${days === 1 ? 'day' : 'days'} without an answer`;

/** What an admin delivers: a plain-text note (optional: the files may speak for themselves) and files. */
export const deliverWorkSchema = z
  .strictObject({
    note: storableString('Note')
      .trim()
      .max(DELIVERY_NOTE_MAX_LENGTH, {
        error: `Note must be at most ${DELIVERY_NOTE_MAX_LENGTH} characters`,
      })
      .nullish()
      .transform((note) => (note ? note : null)),
    fileIds: z
      .array(z.uuid({ error: DELIVERY_TEXTS.badFileId }), { error: DELIVERY_TEXTS.noFiles })
      .min(1, { error: DELIVERY_TEXTS.noFiles })
      .max(DELIVERY_MAX_FILES, { error: DELIVERY_TEXTS.tooManyFiles })
      .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
        error: DELIVERY_TEXTS.duplicateFile,
      }),
  })
  .meta({ id: 'DeliverWork' });
export type DeliverWorkInput = z.input<typeof deliverWorkSchema>;
export type DeliverWork = z.output<typeof deliverWorkSchema>;

/** What the customer asks to change (plain text; required). */
export const requestChangesSchema = z
  .strictObject({
    message: storableString('Message', DELIVERY_TEXTS.messageRequired)
      .trim()
      .min(1, { error: DELIVERY_TEXTS.messageRequired, abort: true })
      .max(CHANGES_MESSAGE_MAX_LENGTH, {
        error: `Message must be at most ${CHANGES_MESSAGE_MAX_LENGTH} characters`,
      }),
  })
  .meta({ id: 'RequestChanges' });
export type RequestChanges = z.output<typeof requestChangesSchema>;

export const DELIVERY_RESPONSES = ['approved', 'changes_requested'] as const;
export type DeliveryResponse = (typeof DELIVERY_RESPONSES)[number];

/** One delivered file, downloaded through the authorised route. */
export const deliveredFileSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** GET /api/files/{id}: an attachment, for the order's customer and the admins. */
    downloadUrl: z.string(),
  })
  .meta({ id: 'DeliveredFile' });
export type DeliveredFile = z.infer<typeof deliveredFileSchema>;

/** One round of delivery and the customer's answer to it. */
export const deliverySchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    /** 1 for the first delivery, 2 for the one after changes were asked (or a correction), ... */
    round: z.number().int().min(1),
    note: z.string().nullable(),
    files: z.array(deliveredFileSchema),
    deliveredAt: z.iso.datetime(),
    /** The admin who delivered it (admins only; null for customers). */
    deliveredBy: z.string().nullable(),
    /** The customer's answer; null while none (or when a later round replaced this one unanswered). */
    response: z.enum(DELIVERY_RESPONSES).nullable(),
    /** The change request's text. */
    responseMessage: z.string().nullable(),
    respondedAt: z.iso.datetime().nullable(),
    /** Who approved: the customer, or the scheduled job ('auto'). */
    approvedBy: z.enum(['customer', 'auto']).nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof deliverySchema>;

/** An order's rounds, newest first. */
export const deliveryListSchema = z.array(deliverySchema).meta({ id: 'DeliveryList' });

export const deliveriesPath = (orderId: string) => `/api/orders/${orderId}/deliveries`;
export const adminDeliveriesPath = (orderId: string) => `/api/admin/orders/${orderId}/deliveries`;
export const fileDownloadPath = (fileId: string) => `/api/files/${fileId}`;
