import { defineEntity, p } from '@mikro-orm/core';
import { CAMPAIGN_STATUSES } from '../../../contracts/campaigns.js';

/**
 * A newsletter: a subject and a Markdown body, written as a draft, then scheduled or sent. Its
 * recipients (table campaign_recipient) are written when sending starts and read with SQL only.
 */
export const NewsletterCampaignSchema = defineEntity({
  name: 'NewsletterCampaign',
  tableName: 'newsletter_campaign',
  properties: {
    id: p.uuid().primary(),
    subject: p.string().length(200),
    body: p.text(),
    status: p.enum(CAMPAIGN_STATUSES).default('draft'),
    /** The admin who wrote it (their e-mail). */
    createdBy: p.string().length(254),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    scheduledAt: p.datetime().nullable(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    /** Delivery errors in a row (every delivery resets it); at NEWSLETTER_PAUSE_AFTER_ERRORS it pauses. */
    errorStreak: p.integer().default(0),
    /** The last delivery error, when it paused itself. */
    pausedReason: p.text().nullable(),
    pausedAt: p.datetime().nullable(),
  },
});

export class NewsletterCampaign extends NewsletterCampaignSchema.class {}
NewsletterCampaignSchema.setClass(NewsletterCampaign);
