import type { EmailProps, EmailTemplateName } from '../templates/email-templates.js';

/** One e-mail to send: a template, its props and the recipient. */
export type SendMailJob = {
  [Name in EmailTemplateName]: {
    template: Name;
    to: string;
    replyTo?: string;
    props: EmailProps<Name>;
  };
}[EmailTemplateName];
