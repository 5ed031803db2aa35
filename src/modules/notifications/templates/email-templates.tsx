import { render, toPlainText } from '@react-email/render';
import type { DomainEventPayloads } from '../../../platform/outbox/domain-event.js';
import { MessageReceivedAdminEmail } from './message-received-admin.email.js';
import { MessageReceivedConfirmationEmail } from './message-received-confirmation.email.js';

type MessageReceivedProps = DomainEventPayloads['MessageReceived'];

/** Every e-mail the product sends: its subject and its body, from the props the job carries. */
export const emailTemplates = {
  messageReceivedAdmin: {
    subject: (props: MessageReceivedProps) => `New message: ${props.subject}`,
    body: (props: MessageReceivedProps) => <MessageReceivedAdminEmail {...props} />,
  },
  messageReceivedConfirmation: {
    subject: () => 'We have received your message',
    body: (props: MessageReceivedProps) => <MessageReceivedConfirmationEmail {...props} />,
  },
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export async function renderEmail(
  template: EmailTemplateName,
  props: MessageReceivedProps,
): Promise<RenderedEmail> {
  const definition = emailTemplates[template];
  const html = await render(definition.body(props));
  return { subject: definition.subject(props), html, text: toPlainText(html) };
}
