import { Command } from '@nestjs/cqrs';
import type { CampaignFields } from '../../../../contracts/campaigns.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Mails the welcome e-mail being written to the admin asking, and to nobody else. */
export class SendWelcomeTestCommand extends Command<void> {
  constructor(
    /** The text in the editor (saved or not). */
    readonly fields: CampaignFields,
    /** The admin asking: the only address the test goes to. */
    readonly actor: AuditActor,
  ) {
    super();
  }
}
