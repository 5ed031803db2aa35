import { withHttpSide } from '../../platform/http/http-side.js';
import { TestSends } from './domain/test-sends.js';
import { ResumeCampaignHandler } from './commands/resume-campaign/resume-campaign.handler.js';
import { CampaignRate } from './jobs/campaign-rate.js';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { ConfirmSubscriptionHandler } from './commands/confirm-subscription/confirm-subscription.handler.js';
import { RemoveSubscriberHandler } from './commands/remove-subscriber/remove-subscriber.handler.js';
import { SubscribeHandler } from './commands/subscribe/subscribe.handler.js';
import { UnsubscribeHandler } from './commands/unsubscribe/unsubscribe.handler.js';
import { SubscribeThrottle } from './domain/subscribe-throttle.js';
import { Subscriber } from './domain/subscriber.entity.js';
import { SubscriberToken } from './domain/subscriber-token.entity.js';
import {
  SendSubscriptionConfirmation,
  SendSubscriptionWelcome,
} from './jobs/send-newsletter-emails.handlers.js';
import { ExpirePendingSubscribersProcessor } from './jobs/expire-pending-subscribers.processor.js';
import { ExportSubscribersHandler } from './queries/export-subscribers/export-subscribers.handler.js';
import {
  ListSubscriberPageHandler,
  ListSubscribersHandler,
} from './queries/list-subscribers/list-subscribers.handler.js';
import { CancelCampaignHandler } from './commands/cancel-campaign/cancel-campaign.handler.js';
import { DeleteCampaignHandler } from './commands/delete-campaign/delete-campaign.handler.js';
import { SaveCampaignHandler } from './commands/save-campaign/save-campaign.handler.js';
import { SendCampaignHandler } from './commands/send-campaign/send-campaign.handler.js';
import { SendCampaignTestHandler } from './commands/send-campaign-test/send-campaign-test.handler.js';
import { NewsletterCampaign } from './domain/campaign.entity.js';
import { ReceiveBounceHandler } from './commands/receive-bounce/receive-bounce.handler.js';
import { SnsVerifier } from './domain/sns-verifier.js';
import { GetMailFlagsHandler } from './queries/get-mail-flags/get-mail-flags.handler.js';
import { RenderedCampaigns } from './jobs/rendered-campaigns.js';
import { SendCampaignBatchProcessor } from './jobs/send-campaign-batch.processor.js';
import { StartCampaignHandler } from './jobs/start-campaign.handler.js';
import { GetCampaignHandler } from './queries/get-campaign/get-campaign.handler.js';
import { ListCampaignsHandler } from './queries/list-campaigns/list-campaigns.handler.js';
import { StartSubscriberImportHandler } from './commands/import-subscribers/start-subscriber-import.handler.js';
import { UploadSubscriberImportHandler } from './commands/import-subscribers/upload-subscriber-import.handler.js';
import { ImportSubscribersProcessor } from './jobs/import-subscribers.processor.js';
import { GetSubscriberImportHandler } from './queries/get-subscriber-import/get-subscriber-import.handler.js';
import { SubscriberImportReportHandler } from './queries/get-subscriber-import/subscriber-import-report.handler.js';
import { PreviewCampaignHandler } from './queries/preview-campaign/preview-campaign.handler.js';
import { SaveWelcomeEmailHandler } from './commands/save-welcome-email/save-welcome-email.handler.js';
import { SendWelcomeTestHandler } from './commands/send-welcome-test/send-welcome-test.handler.js';
import { NewsletterWelcome } from './domain/welcome-email.entity.js';
import { GetWelcomeEmailHandler } from './queries/get-welcome-email/get-welcome-email.handler.js';

/**
 * The newsletter's subscribers, with double opt-in: sign-up, e-mailed confirmation and unsubscribe links,
 * the admin list, export and removal, the expiry of unconfirmed sign-ups; campaigns written by admins
 * and fanned out in batches, with one-click unsubscribe; the welcome e-mail admins edit, sent once per
 * subscriber on confirmation. Emits SubscriptionRequested, SubscriberConfirmed
 * and CampaignQueued; its mail handlers, the campaign batches and the expiry run in the worker.
 */
@Module({
  imports: [
    MikroOrmModule.forFeature([Subscriber, SubscriberToken, NewsletterCampaign, NewsletterWelcome]),
  ],
  providers: [
    SubscribeThrottle,
    SubscribeHandler,
    ConfirmSubscriptionHandler,
    UnsubscribeHandler,
    ListSubscribersHandler,
    ListSubscriberPageHandler,
    ExportSubscribersHandler,
    RemoveSubscriberHandler,
    ExpirePendingSubscribersProcessor,
    SendSubscriptionConfirmation,
    SendSubscriptionWelcome,
    SaveCampaignHandler,
    DeleteCampaignHandler,
    SendCampaignHandler,
    CancelCampaignHandler,
    SendCampaignTestHandler,
    TestSends,
    ListCampaignsHandler,
    GetCampaignHandler,
    PreviewCampaignHandler,
    StartCampaignHandler,
    SendCampaignBatchProcessor,
    RenderedCampaigns,
    ResumeCampaignHandler,
    CampaignRate,
    SaveWelcomeEmailHandler,
    SendWelcomeTestHandler,
    GetWelcomeEmailHandler,
    SnsVerifier,
    ReceiveBounceHandler,
    GetMailFlagsHandler,
    UploadSubscriberImportHandler,
    StartSubscriberImportHandler,
    GetSubscriberImportHandler,
    SubscriberImportReportHandler,
    ImportSubscribersProcessor,
  ],
})
export class NewsletterModule {
  /** With its controllers and HTTP routes (newsletter.http.ts) where the role serves HTTP. */
  static forRole(http: boolean): Promise<typeof NewsletterModule> {
    return withHttpSide(NewsletterModule, http, () => import('./newsletter.http.js'));
  }
}
