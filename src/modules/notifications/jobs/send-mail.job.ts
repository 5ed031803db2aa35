import type { EmailProps, EmailTemplateName } from '../templates/email-templates.js';

/** One e-mail to send: a template, its props and the recipient. */
export type SendMailJob = {
  [Name in EmailTemplateName]: {
    template: Name;
    to: string;
    replyTo?: string;
    /** For a newsletter: the one-click unsubscribe URL of its List-Unsubscribe headers. */
    unsubscribeUrl?: string;
    props: EmailProps<Name>;
  };
}[EmailTemplateName];
