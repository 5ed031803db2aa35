import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CAMPAIGN_TEXTS } from '../../../../contracts/campaigns.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { CampaignMailer } from '../../../../platform/mail/campaign-mailer.port.js';
import { Mailer } from '../../../../platform/mail/mail.port.js';
import { NewsletterCampaign } from '../../domain/campaign.entity.js';
import { campaignNotFound } from '../../domain/campaign-errors.js';
import { TestSends } from '../../domain/test-sends.js';
import { SendCampaignTestCommand } from './send-campaign-test.command.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';

/**
 * Sends the campaign as it stands to the signed-in admin's own address (never one typed in a form),
 * through the mail outbox, at most 20 an hour per admin. It is the e-mail subscribers get, with the
 * test unsubscribe link (in its body and List-Unsubscribe headers): following it unsubscribes nobody.
 */
@CommandHandler(SendCampaignTestCommand)
export class SendCampaignTestHandler implements ICommandHandler<SendCampaignTestCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly mail: Mailer,
    private readonly mailer: CampaignMailer,
    private readonly testSends: TestSends,
  ) {}

  async execute({ campaignId, actor }: SendCampaignTestCommand): Promise<void> {
    const adminEmail = actor.email;
    const em = this.em.fork();
    const campaign = await em.findOne(NewsletterCampaign, campaignId);
    if (!campaign) throw campaignNotFound();
    await this.testSends.admit('campaign-test', adminEmail, CAMPAIGN_TEXTS.tooManyTests);
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
