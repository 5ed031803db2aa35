import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Mails a campaign to the admin asking, and to nobody else. */
export class SendCampaignTestCommand extends Command<void> {
  constructor(
    readonly campaignId: string,
    /** The admin asking: the only address the test goes to. */
    readonly actor: AuditActor,
  ) {
    super();
  }
}
