import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WELCOME_TEXTS } from '../../../../contracts/newsletter-welcome.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { CampaignMailer } from '../../../../platform/mail/campaign-mailer.port.js';
import { Mailer } from '../../../../platform/mail/mail.port.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { TestSends } from '../../domain/test-sends.js';
import { SendWelcomeTestCommand } from './send-welcome-test.command.js';

/**
 * Sends the welcome e-mail as written in the editor to the signed-in admin's own address (never one
 * typed in a form, as a campaign's test), through the mail outbox, at most 20 an hour per admin and
 * never to a bounced or complained address (TestSends). It is
 * the e-mail subscribers get, marked `[Test]` in its subject, with the test unsubscribe link (which
 * unsubscribes nobody).
 */
@CommandHandler(SendWelcomeTestCommand)
export class SendWelcomeTestHandler implements ICommandHandler<SendWelcomeTestCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly mail: Mailer,
    private readonly mailer: CampaignMailer,
    private readonly testSends: TestSends,
  ) {}

  async execute({ fields, actor }: SendWelcomeTestCommand): Promise<void> {
    const adminEmail = actor.email;
    await this.testSends.admit('welcome-test', adminEmail, WELCOME_TEXTS.tooManyTests);
    const props = this.mailer.testProps(fields);
    await this.em.fork().transactional(async (tx) => {
      this.mail.send(tx, {
        template: 'newsletterWelcome',
        to: adminEmail,
        props,
        unsubscribeUrl: props.unsubscribeUrl,
      });
      recordAudit(tx, actor, {
        kind: 'newsletter-welcome.test-sent',
        targetType: 'newsletter-welcome',
        targetId: null,
        summary: `Test of the welcome e-mail "${fields.subject}" sent to ${adminEmail}`,
      });
      await this.outbox.commit(tx, []);
    });
  }
}
