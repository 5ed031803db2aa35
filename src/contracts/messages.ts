import { z } from 'zod';
import { requiredEmail, requiredText, storableString } from './text-fields.js';

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
} as const;

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
