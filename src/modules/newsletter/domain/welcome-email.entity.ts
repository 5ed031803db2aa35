import { defineEntity, p } from '@mikro-orm/core';

/** The one row's key: the table holds at most this row (a check constraint says so). */
export const WELCOME_EMAIL_ID = 1;

/**
 * The welcome e-mail as the admins last saved it: a singleton row of the newsletter's own (absent until
 * the first save, meaning the default text, enabled).
 */
export const NewsletterWelcomeSchema = defineEntity({
  name: 'NewsletterWelcome',
  tableName: 'newsletter_welcome',
  properties: {
    id: p.smallint().primary(),
    enabled: p.boolean(),
    subject: p.string().length(200),
    /** Markdown, as the admin wrote it (rendered like a campaign's). */
    body: p.text(),
    updatedAt: p.datetime(),
    /** The admin who saved it (their e-mail). */
    updatedBy: p.string().length(254),
  },
});

export class NewsletterWelcome extends NewsletterWelcomeSchema.class {}
NewsletterWelcomeSchema.setClass(NewsletterWelcome);
