import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { WelcomeEmail } from '../../../../contracts/newsletter-welcome.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { NewsletterWelcome, WELCOME_EMAIL_ID } from '../../domain/welcome-email.entity.js';
import { defaultWelcomeEmail, welcomeEmailView } from '../../domain/welcome-email.js';
import { SaveWelcomeEmailCommand } from './save-welcome-email.command.js';

/**
 * Saves the welcome e-mail, audited with the text before and after. The singleton row is created by the
 * first save (inserted under `on conflict`, then locked), so two admins saving at once both succeed,
 * one after the other. Subscribers confirming from then on get the new text.
 */
@CommandHandler(SaveWelcomeEmailCommand)
export class SaveWelcomeEmailHandler implements ICommandHandler<SaveWelcomeEmailCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ fields, actor }: SaveWelcomeEmailCommand): Promise<WelcomeEmail> {
    return this.em.fork().transactional(async (tx) => {
      const now = new Date();
      const existing = await tx.findOne(NewsletterWelcome, WELCOME_EMAIL_ID, {
        lockMode: LockMode.PESSIMISTIC_WRITE,
      });
      const before = existing ? welcomeEmailView(existing) : defaultWelcomeEmail();
      const saved = existing
        ? Object.assign(existing, fields, { updatedAt: now, updatedBy: actor.email })
        : await tx.upsert(NewsletterWelcome, {
            id: WELCOME_EMAIL_ID,
            ...fields,
            updatedAt: now,
            updatedBy: actor.email,
          });
      recordAudit(tx, actor, {
        kind: 'newsletter-welcome.saved',
        targetType: 'newsletter-welcome',
        targetId: null,
        summary: `Welcome e-mail "${fields.subject}" saved (${fields.enabled ? 'on' : 'off'})`,
        before: { enabled: before.enabled, subject: before.subject, body: before.body },
        after: { ...fields },
      });
      await tx.flush();
      return welcomeEmailView(saved);
    });
  }
}
