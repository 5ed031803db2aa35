import { render } from '@react-email/render';
import { DEFAULT_WELCOME_EMAIL } from '../../../contracts/newsletter-welcome.js';
import type { ReactElement } from 'react';
import type { MailTemplateName, MailTemplates } from '../../../platform/mail/mail.port.js';
import {
  EmailVerificationEmail,
  PasswordChangedEmail,
  PasswordResetEmail,
  RegistrationAttemptEmail,
  StaffInvitationEmail,
} from './account.emails.js';
import { deliverableEmailTemplates } from './deliverables.emails.js';
import { IntakeRequestEmail } from './intake.emails.js';
import { LoginGuessingEmail } from './login-guessing.email.js';
import { MessageReceivedAdminEmail } from './message-received-admin.email.js';
import { MessageReceivedConfirmationEmail } from './message-received-confirmation.email.js';
import { NewsletterConfirmationEmail, type NewsletterSender } from './newsletter.emails.js';
import { NewsletterCampaignEmail } from './newsletter-campaign.email.js';
import { orderEmailTemplates } from './order.emails.js';
import { orderThreadEmailTemplates } from './order-thread.emails.js';
import { SeoCheckReportEmail } from './seo-check-report.email.js';
import { subscriptionEmailTemplates } from './subscription.emails.js';
import { emailPlainText } from './plain-text.js';

interface EmailTemplate<Props> {
  subject: (props: Props) => string;
  body: (props: Props, sender: NewsletterSender) => ReactElement;
  /**
   * A newsletter e-mail (the confirmation, the welcome, a campaign): it carries the sender's postal
   * address (CAN-SPAM) and the list's List-Id header.
   */
  newsletter?: true;
}

/**
 * Every e-mail the product sends: its subject and its body, from the props the job carries. The names
 * and props are the ones modules declare on MailTemplates: one missing here does not compile.
 */
export const emailTemplates: { [Name in MailTemplateName]: EmailTemplate<MailTemplates[Name]> } = {
  messageReceivedAdmin: {
    subject: (props) => `New message: ${props.subject}`,
    body: (props) => <MessageReceivedAdminEmail {...props} />,
  },
  messageReceivedConfirmation: {
    subject: () => 'We have received your message',
    body: () => <MessageReceivedConfirmationEmail />,
  },
  emailVerification: {
    subject: () => 'Verify your e-mail address',
    body: (props) => <EmailVerificationEmail {...props} />,
  },
  passwordReset: {
    subject: () => 'Reset your password',
    body: (props) => <PasswordResetEmail {...props} />,
  },
  passwordChanged: {
    subject: () => 'Your password was changed',
    body: (props) => <PasswordChangedEmail {...props} />,
  },
  registrationAttempt: {
    subject: () => 'Someone tried to register with your e-mail',
    body: (props) => <RegistrationAttemptEmail {...props} />,
  },
  staffInvitation: {
    subject: () => 'You are invited to the admin area',
    body: (props) => <StaffInvitationEmail {...props} />,
  },
  loginGuessing: {
    subject: () => 'Someone is trying to log in to your account',
    body: (props) => <LoginGuessingEmail {...props} />,
  },
  newsletterConfirmation: {
    subject: () => 'Confirm your newsletter subscription',
    body: (props, sender) => <NewsletterConfirmationEmail {...props} {...sender} />,
    newsletter: true,
  },
  ...orderEmailTemplates,
  ...deliverableEmailTemplates,
  ...orderThreadEmailTemplates,
  ...subscriptionEmailTemplates,
  intakeRequest: {
    subject: (props) => `Tell us about your project: ${props.packageName} package`,
    body: (props) => <IntakeRequestEmail {...props} />,
  },
  // The admins' welcome e-mail, rendered exactly as a campaign (its preview is a campaign's preview).
  newsletterWelcome: {
    subject: (props) => props.subject ?? DEFAULT_WELCOME_EMAIL.subject,
    body: (props, sender) => (
      <NewsletterCampaignEmail
        subject={props.subject ?? DEFAULT_WELCOME_EMAIL.subject}
        body={props.body ?? DEFAULT_WELCOME_EMAIL.body}
        unsubscribeUrl={props.unsubscribeUrl}
        {...sender}
      />
    ),
    newsletter: true,
  },
  seoCheckReport: {
    subject: () => 'Your SEO check is ready',
    body: (props) => <SeoCheckReportEmail {...props} />,
  },
  newsletterCampaign: {
    subject: (props) => props.subject,
    body: (props, sender) => <NewsletterCampaignEmail {...props} {...sender} />,
    newsletter: true,
  },
};

export type EmailTemplateName = MailTemplateName;
export type EmailProps<Name extends EmailTemplateName> = MailTemplates[Name];

export type { NewsletterSender };

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** A newsletter e-mail: sent with the newsletter's List-Id header. */
  newsletter: boolean;
}

/** Whether the template is a newsletter e-mail (its rendering needs the sender's postal address). */
export const isNewsletterEmail = (name: EmailTemplateName): boolean =>
  emailTemplates[name].newsletter === true;

/** An e-mail as sent; `sender` is only read by newsletter e-mails. */
export async function renderEmail<Name extends EmailTemplateName>(
  name: Name,
  props: EmailProps<Name>,
  sender: NewsletterSender = {},
): Promise<RenderedEmail> {
  const definition = emailTemplates[name] as EmailTemplate<EmailProps<Name>>;
  const html = await render(definition.body(props, sender));
  return {
    subject: definition.subject(props),
    html,
    text: emailPlainText(html),
    newsletter: definition.newsletter === true,
  };
}
