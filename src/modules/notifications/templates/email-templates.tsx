import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { DomainEventPayloads } from '../../../platform/outbox/domain-event.js';
import {
  EmailVerificationEmail,
  PasswordChangedEmail,
  PasswordResetEmail,
  RegistrationAttemptEmail,
} from './account.emails.js';
import { LoginGuessingEmail } from './login-guessing.email.js';
import { MessageReceivedAdminEmail } from './message-received-admin.email.js';
import { MessageReceivedConfirmationEmail } from './message-received-confirmation.email.js';
import { NewsletterConfirmationEmail, NewsletterWelcomeEmail } from './newsletter.emails.js';
import {
  NewsletterCampaignEmail,
  type NewsletterCampaignProps,
} from './newsletter-campaign.email.js';
import {
  OrderAdminEmail,
  OrderDeliveredEmail,
  OrderRefundedEmail,
  type OrderMailProps,
  OrderPlacedEmail,
  OrderReceiptEmail,
  OrderReminderEmail,
} from './order.emails.js';
import { emailPlainText } from './plain-text.js';

type MessageReceivedProps = DomainEventPayloads['MessageReceived'];

interface EmailTemplate<Props> {
  subject: (props: Props) => string;
  body: (props: Props) => ReactElement;
}

const template = <Props,>(definition: EmailTemplate<Props>) => definition;

/** Every e-mail the product sends: its subject and its body, from the props the job carries. */
export const emailTemplates = {
  messageReceivedAdmin: template({
    subject: (props: MessageReceivedProps) => `New message: ${props.subject}`,
    body: (props) => <MessageReceivedAdminEmail {...props} />,
  }),
  messageReceivedConfirmation: template({
    subject: (_: Record<string, never>) => 'We have received your message',
    body: () => <MessageReceivedConfirmationEmail />,
  }),
  emailVerification: template({
    subject: (_: { verifyUrl: string }) => 'Verify your e-mail address',
    body: (props) => <EmailVerificationEmail {...props} />,
  }),
  passwordReset: template({
    subject: (_: { resetUrl: string }) => 'Reset your password',
    body: (props) => <PasswordResetEmail {...props} />,
  }),
  passwordChanged: template({
    subject: (_: { resetUrl: string }) => 'Your password was changed',
    body: (props) => <PasswordChangedEmail {...props} />,
  }),
  registrationAttempt: template({
    subject: (_: { loginUrl: string; resetUrl: string }) =>
      'Someone tried to register with your e-mail',
    body: (props) => <RegistrationAttemptEmail {...props} />,
  }),
  loginGuessing: template({
    subject: (_: { resetUrl: string }) => 'Someone is trying to log in to your account',
    body: (props) => <LoginGuessingEmail {...props} />,
  }),
  newsletterConfirmation: template({
    subject: (_: { confirmUrl: string; unsubscribeUrl: string }) =>
      'Confirm your newsletter subscription',
    body: (props) => <NewsletterConfirmationEmail {...props} />,
  }),
  orderPlaced: template({
    subject: (props: OrderMailProps & { payUrl: string }) =>
      `Your order: ${props.packageName} package`,
    body: (props) => <OrderPlacedEmail {...props} />,
  }),
  orderReminder: template({
    subject: (props: OrderMailProps & { payUrl: string }) =>
      `Your ${props.packageName} order is waiting for payment`,
    body: (props) => <OrderReminderEmail {...props} />,
  }),
  orderReceipt: template({
    subject: (props: OrderMailProps & { ordersUrl: string }) =>
      `Payment receipt: ${props.packageName} package`,
    body: (props) => <OrderReceiptEmail {...props} />,
  }),
  orderDelivered: template({
    subject: (props: OrderMailProps & { ordersUrl: string }) =>
      `Your ${props.packageName} order is delivered`,
    body: (props) => <OrderDeliveredEmail {...props} />,
  }),
  orderRefunded: template({
    subject: (props: OrderMailProps & { ordersUrl: string }) =>
      `Your ${props.packageName} payment is refunded`,
    body: (props) => <OrderRefundedEmail {...props} />,
  }),
  orderAdmin: template({
    subject: (props: OrderMailProps & { headline: string; detail: string; orderUrl: string }) =>
      `${props.headline}: ${props.packageName}, $${props.packagePrice}`,
    body: (props) => <OrderAdminEmail {...props} />,
  }),
  newsletterWelcome: template({
    subject: (_: { unsubscribeUrl: string }) => 'Welcome to the SEO Agency newsletter',
    body: (props) => <NewsletterWelcomeEmail {...props} />,
  }),
  newsletterCampaign: template({
    subject: (props: NewsletterCampaignProps) => props.subject,
    body: (props) => <NewsletterCampaignEmail {...props} />,
  }),
};

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailProps<Name extends EmailTemplateName> = Parameters<
  (typeof emailTemplates)[Name]['subject']
>[0];

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export async function renderEmail<Name extends EmailTemplateName>(
  name: Name,
  props: EmailProps<Name>,
): Promise<RenderedEmail> {
  const definition = emailTemplates[name] as unknown as EmailTemplate<EmailProps<Name>>;
  const html = await render(definition.body(props));
  return { subject: definition.subject(props), html, text: emailPlainText(html) };
}
