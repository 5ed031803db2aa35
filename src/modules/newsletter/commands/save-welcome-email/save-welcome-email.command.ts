import { Command } from '@nestjs/cqrs';
import type { WelcomeEmail, WelcomeEmailFields } from '../../../../contracts/newsletter-welcome.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Replaces the welcome e-mail (its switch, subject and Markdown body). */
export class SaveWelcomeEmailCommand extends Command<WelcomeEmail> {
  constructor(
    readonly fields: WelcomeEmailFields,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
