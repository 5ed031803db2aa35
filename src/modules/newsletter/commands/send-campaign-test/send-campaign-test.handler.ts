import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { BOUNCE_TEXTS } from '../../../../contracts/newsletter-bounces.js';
import { GetMailFlagsQuery } from '../../queries/get-mail-flags/get-mail-flags.query.js';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { CAMPAIGN_TEXTS } from '../../../../contracts/campaigns.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { RateLimits } from '../../../../platform/redis/rate-limits.js';
import { CampaignMailer } from '../../../../platform/mail/campaign-mailer.port.js';
import { Mailer } from '../../../../platform/mail/mail.port.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotFound } from '../../domain/campaign-errors.js';
import { SendCampaignTestCommand } from './send-campaign-test.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

const HOUR = 3600;

/**
 * Sends the campaign as it stands to the signed-in admin's own address (never one typed in a form),
 * through the mail outbox, at most 20 an hour per admin. It is the e-mail subscribers get, with the
 * test unsubscribe link (in its body and List-Unsubscribe headers): following it unsubscribes nobody.
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
    private readonly queryBus: QueryBus,
  ) {
    this.perAdmin = limits.limiter('campaign-test', 20, HOUR);
  }

  async execute({ campaignId, actor }: SendCampaignTestCommand): Promise<void> {
    const adminEmail = actor.email;
    const em = this.em.fork();
    const campaign = await em.findOne(NewsletterCampaign, campaignId);
    if (!campaign) throw campaignNotFound();
    // A newsletter never goes to a bounced or complained address, the admin's own included.
    const [flag] = (await this.queryBus.execute(new GetMailFlagsQuery([adminEmail]))).values();
    if (flag) throw new ConflictException(BOUNCE_TEXTS.testAddressBlocked(flag));
    await this.limits.consumeOrThrow(this.perAdmin, adminEmail, CAMPAIGN_TEXTS.tooManyTests);
    const props = this.mailer.testProps(campaign);
    await em.transactional(async (tx) => {
      this.mail.send(tx, {
        template: 'newsletterCampaign',
        to: adminEmail,
        props,
        unsubscribeUrl: props.unsubscribeUrl,
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
