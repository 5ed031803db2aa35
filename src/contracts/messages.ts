import { z } from 'zod';
import { pageOf, pageParams } from './paging.js';
import { requiredEmail, requiredText, storableString } from './text-fields.js';

/**
 * Contact messages: shared by the server and the SPA (spec §2 inbox screens, §5 contact form, §7 calls).
 *
 * Public: POST /api/messages                      SendMessage → 201 Message
 * Admin:  GET  /api/admin/messages?page=&pageSize=&status=&q= → MessagePage (newest first)
 *         GET  /api/admin/messages/{id}           → Message
 *         PUT  /api/admin/messages/{id}           MarkMessageRead → MessageRead (UnRead → Read, once)
 * Seed:   POST /api/add-message (public), GET /api/messages, GET /api/message/{id},
 *         PUT /api/message/{id} {messageStatus: 'Read'} (admin): records with `_id`
 */

export const MESSAGE_STATUSES = ['UnRead', 'Read'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What a visitor sends from the contact form (spec §5: every field required). */
export const sendMessageSchema = z
  .strictObject({
    name: requiredText('Name', 100),
    email: requiredEmail(),
    number: requiredText('Phone Number', 30).regex(/^\+?[\d\s().-]{3,30}$/, {
      error: 'Provide a Valid Phone Number',
    }),
    subject: requiredText('Subject', 200),
    message: requiredText('Message', 5000),
    /**
     * A honeypot: the form hides it from people, so only a robot fills it in. Such a message is
     * answered like any other but neither stored nor mailed.
     */
    website: storableString('Website')
      .max(500)
      .optional()
      .meta({ description: 'Leave empty (a field people never see).' }),
  })
  .meta({ id: 'SendMessage' });

export const MESSAGE_TEXTS = {
  sent: 'Message is Send',
  tooMany: 'Too many messages were sent. Please try again later.',
  read: 'Message is Read',
  notFound: 'No such message.',
  /** Nothing makes a read message unread again (spec §2: 'Mark Read' only). */
  readOnly: 'Message Status can only be set to Read',
} as const;

/** Spec §2: the admin home's Unread and Read tables; /all-messages/. */
export const MESSAGE_PAGE_SIZES = { adminHome: 3, allMessages: 10 } as const;
export const MAX_MESSAGE_PAGE_SIZE = 50;
/** Longest sender search: the longest e-mail address. */
export const MAX_SENDER_SEARCH_LENGTH = 254;

export type SendMessageInput = z.input<typeof sendMessageSchema>;
export type SendMessage = z.output<typeof sendMessageSchema>;

export const messageSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    number: z.string(),
    subject: z.string(),
    message: z.string(),
    messageStatus: z.enum(MESSAGE_STATUSES),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Message' });

export type Message = z.infer<typeof messageSchema>;

/** One page of the inbox: by status (absent: every message) and by sender (name or e-mail). */
export const messagePageQuerySchema = z.object({
  ...pageParams(MESSAGE_PAGE_SIZES.allMessages, MAX_MESSAGE_PAGE_SIZE),
  status: z
    .enum(MESSAGE_STATUSES, { error: `status must be ${MESSAGE_STATUSES.join(' or ')}` })
    .optional(),
  /** A part of the sender's name or e-mail, any case; `%` and `_` are plain characters. */
  q: storableString('q')
    .trim()
    .max(MAX_SENDER_SEARCH_LENGTH, {
      error: `q must be at most ${MAX_SENDER_SEARCH_LENGTH} characters`,
    })
    .optional(),
});
export type MessagePageQuery = z.output<typeof messagePageQuerySchema>;

export const messagePageSchema = pageOf(messageSchema).meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof messagePageSchema>;

/** 'Mark Read' (and the seed's PUT /message/{id}): Read is the only status that can be set. */
export const markMessageReadSchema = z
  .strictObject({
    messageStatus: z.literal('Read', { error: MESSAGE_TEXTS.readOnly }),
  })
  .meta({ id: 'MarkMessageRead' });
export type MarkMessageRead = z.output<typeof markMessageReadSchema>;

/** The answer to 'Mark Read': the message as it now is, and the notice the screen shows. */
export const messageReadSchema = z
  .object({ message: messageSchema, notice: z.string() })
  .meta({ id: 'MessageRead' });
export type MessageRead = z.infer<typeof messageReadSchema>;
