import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Every e-mail of the product and its props, by template name. Empty here: each module declares the
 * e-mails it asks for in `domain/*.mails.ts` (`declare module` on this file), so platform knows no
 * module; the notifications module renders every name (its template map must cover this one).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface MailTemplates {}

export type MailTemplateName = keyof MailTemplates;

/** One e-mail to send: a template, its props and the recipient. */
export type MailRequest = {
  [Name in MailTemplateName]: {
    template: Name;
    to: string;
    replyTo?: string;
    /** For a newsletter: the one-click unsubscribe URL of its List-Unsubscribe headers. */
    unsubscribeUrl?: string;
    props: MailTemplates[Name];
  };
}[MailTemplateName];

/**
 * The one way a module asks for an e-mail (the injection token is this class). Implemented by the
 * notifications module: written to the outbox in the caller's transaction (a domain-event handler's),
 * so it is sent once that commits and is never lost with a Redis job.
 */
export abstract class Mailer {
  abstract send(tx: EntityManager, mail: MailRequest): void;

  /** An absolute link to a page of the SPA, with a link token when given. */
  abstract link(path: string, token?: string): string;
}
