import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { CAMPAIGN_TEXTS } from '../../../../contracts/campaigns.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { RateLimits } from '../../../../platform/redis/rate-limits.js';
import { CampaignMailer } from '../../../../platform/mail/campaign-mailer.port.js';
import { Mailer } from '../../../../platform/mail/mail.port.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotFound } from '../../domain/campaign-errors.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { normalizeSubscriberEmail } from '../../domain/subscriber-email.js';
import { SendCampaignTestCommand } from './send-campaign-test.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

const HOUR = 3600;

/**
 * Sends the campaign as it stands to the signed-in admin's own address (never one typed in a form),
 * through the mail outbox, at most 20 an hour per admin. Its unsubscribe link is the admin's own when
 * the admin is a subscriber, a sample otherwise.
 */
@CommandHandler(SendCampaignTestCommand)
export class SendCampaignTestHandler implements ICommandHandler<SendCampaignTestCommand> {
  private readonly perAdmin: RateLimiterAbstract;

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly mail: Mailer,
    private readonly mailer: CampaignMailer,
    private readonly limits: RateLimits,
  ) {
    this.perAdmin = limits.limiter('campaign-test', 20, HOUR);
  }

  async execute({ campaignId, actor }: SendCampaignTestCommand): Promise<void> {
    const adminEmail = actor.email;
    const em = this.em.fork();
    const campaign = await em.findOne(NewsletterCampaign, campaignId);
    if (!campaign) throw campaignNotFound();
    await this.limits.consumeOrThrow(this.perAdmin, adminEmail, CAMPAIGN_TEXTS.tooManyTests);
    const subscriber = await em.findOne(
      Subscriber,
      { email: normalizeSubscriberEmail(adminEmail), status: 'confirmed' },
      { fields: ['unsubscribeToken'] },
    );
    const props = this.mailer.testProps(campaign, subscriber?.unsubscribeToken ?? null);
    await em.transactional(async (tx) => {
      this.mail.send(tx, {
        template: 'newsletterCampaign',
        to: adminEmail,
        props,
        unsubscribeUrl: subscriber ? props.unsubscribeUrl : undefined,
      });
      recordAudit(tx, actor, {
        kind: 'campaign.test-sent',
        targetType: 'campaign',
        targetId: campaignId,
        summary: `Test of "${campaign.subject}" sent to ${adminEmail}`,
      });
      await this.outbox.commit(tx, []);
    });
  }
}
