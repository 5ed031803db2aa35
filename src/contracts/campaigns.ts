import { z } from 'zod';
import { pageOf, pageParams } from './paging.js';
import { requiredText, storableString } from './text-fields.js';

/**
 * Newsletter campaigns: written by an admin in Markdown, tried on the admin's own address, then sent
 * now or at a chosen time to every confirmed subscriber. Shared by the server and the SPA.
 *
 * Admin: GET    /api/admin/campaigns?page=&pageSize=   → CampaignPage (newest first, with counts)
 *        POST   /api/admin/campaigns                   CampaignInput → 201 Campaign (a draft)
 *        POST   /api/admin/campaigns/preview           CampaignInput → CampaignPreview (the real e-mail)
 *        GET    /api/admin/campaigns/{id}              → Campaign
 *        PUT    /api/admin/campaigns/{id}              CampaignInput → Campaign (drafts only, else 409)
 *        DELETE /api/admin/campaigns/{id}              → Notice (drafts only, else 409)
 *        POST   /api/admin/campaigns/{id}/test         → 202 Notice (to the signed-in admin only)
 *        POST   /api/admin/campaigns/{id}/send         SendCampaign → Campaign (scheduled or sending)
 *        POST   /api/admin/campaigns/{id}/cancel       → Campaign (scheduled → draft; sending or paused → cancelled)
 *        POST   /api/admin/campaigns/{id}/resume       → Campaign (paused → sending, where it stopped)
 * Public: POST  /newsletter/unsubscribe?token=…       RFC 8058 one-click (List-Unsubscribe-Post), no cookie
 */

/**
 * draft: being written · scheduled: waits for its time · sending: fanned out, being delivered ·
 * sent: every recipient delivered or failed · cancelled: stopped while sending (what was sent stays sent) ·
 * paused: stopped by itself after NEWSLETTER_PAUSE_AFTER_ERRORS delivery errors in a row (the reason is
 * kept), sends nothing until an admin resumes or cancels it.
 */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'sent',
  'cancelled',
  'paused',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_PAGE_SIZE = 10;
export const MAX_CAMPAIGN_PAGE_SIZE = 50;
/** How far ahead a campaign can be scheduled. */
export const MAX_SCHEDULE_AHEAD_DAYS = 365;

export const CAMPAIGN_TEXTS = {
  created: 'Newsletter is Saved',
  saved: 'Newsletter is Updated',
  deleted: 'Newsletter is Deleted',
  testSent: 'A test e-mail is on its way to you',
  scheduled: 'Newsletter is Scheduled',
  sending: 'Newsletter is Sending',
  unscheduled: 'The schedule is cancelled: the newsletter is a draft again',
  cancelled: 'Sending is cancelled: what was sent stays sent',
  notFound: 'There is no such newsletter',
  notDraft: 'Only a draft can be changed, deleted or sent',
  notCancellable: 'Only a scheduled, sending or paused newsletter can be cancelled',
  resumed: 'Sending is resumed where it stopped',
  notPaused: 'Only a paused newsletter can be resumed',
  stillFinishing:
    'The last e-mails before the pause are still being settled: try again in a moment',
  noSubscribers: 'There are no confirmed subscribers to send it to',
  sendAtPast: 'Choose a time in the future',
  sendAtTooFar: `Choose a time within ${MAX_SCHEDULE_AHEAD_DAYS} days`,
  tooManyTests: 'Too many test e-mails. Please try again later.',
} as const;

/** What an admin writes: a subject and a Markdown body (raw HTML in it is shown as text). */
export const campaignInputSchema = z
  .strictObject({
    subject: requiredText('Subject', 200),
    body: storableString('Body', 'Body is Required')
      .trim()
      .min(1, { error: 'Body is Required', abort: true })
      .max(50_000, { error: 'Body must be at most 50000 characters' }),
  })
  .meta({ id: 'CampaignInput' });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignFields = z.output<typeof campaignInputSchema>;

/** `sendAt` null sends now; a time (ISO 8601 with offset) schedules it. */
export const sendCampaignSchema = z
  .strictObject({
    sendAt: z.iso
      .datetime({ offset: true, error: 'sendAt must be a date and time, or null for now' })
      .nullable(),
  })
  .meta({ id: 'SendCampaign' });
export type SendCampaign = z.output<typeof sendCampaignSchema>;

/** Recipients by delivery state: queued (not yet sent), sent, failed (with a reason), cancelled. */
export const campaignCountsSchema = z
  .object({
    total: z.number().int(),
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  })
  .meta({ id: 'CampaignCounts' });
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignBouncesSchema = z
  .object({ hard: z.number().int(), soft: z.number().int(), complaints: z.number().int() })
  .meta({ id: 'CampaignBounces' });
export type CampaignBounces = z.infer<typeof campaignBouncesSchema>;

export const campaignSummarySchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    createdBy: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    scheduledAt: z.iso.datetime().nullable(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    counts: campaignCountsSchema,
    /** Why it paused itself (the last delivery error) and when; null unless paused. */
    pausedReason: z.string().nullable().optional(),
    pausedAt: z.iso.datetime().nullable().optional(),
  })
  .meta({ id: 'CampaignSummary' });
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

export const campaignSchema = campaignSummarySchema
  .extend({
    body: z.string(),
    /** The most common failure reasons while sending or after, most frequent first. */
    failures: z.array(z.object({ reason: z.string(), count: z.number().int() })),
    /**
     * Addresses whose provider reported a hard bounce, a soft bounce or a spam complaint for this
     * campaign (matched by Message-ID, else the latest campaign sent to the address).
     */
    bounces: campaignBouncesSchema.optional(),
    /**
     * While sending: e-mails per second over the last minute, and the seconds left at that rate
     * (null when nothing was sent in that minute).
     */
    progress: z
      .object({ emailsPerSecond: z.number(), etaSeconds: z.number().int().nullable() })
      .optional(),
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignPageQuerySchema = z.object(
  pageParams(CAMPAIGN_PAGE_SIZE, MAX_CAMPAIGN_PAGE_SIZE),
);
export type CampaignPageQuery = z.output<typeof campaignPageQuerySchema>;

export const campaignPageSchema = pageOf(campaignSummarySchema).meta({ id: 'CampaignPage' });
export type CampaignPage = z.infer<typeof campaignPageSchema>;

/** The e-mail as subscribers will get it (with a sample unsubscribe link). */
export const campaignPreviewSchema = z
  .object({ subject: z.string(), html: z.string(), text: z.string() })
  .meta({ id: 'CampaignPreview' });
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

/** A campaign is settled once nothing more will be sent for it. */
export const isCampaignSettled = (status: CampaignStatus) =>
  status === 'sent' || status === 'cancelled';
