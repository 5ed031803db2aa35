import type { MessageReceivedPayload } from './messages.events.js';

/** The e-mails about contact messages (rendered by the notifications module), with their props. */
declare module '../../../platform/mail/mail.port.js' {
  interface MailTemplates {
    /** To each admin: the message in full, and a link to it in the admin inbox (`/view/{id}`). */
    messageReceivedAdmin: MessageReceivedPayload & { messageUrl: string };
    /** To the sender: a receipt with none of the message's text. */
    messageReceivedConfirmation: Record<string, never>;
  }
}
