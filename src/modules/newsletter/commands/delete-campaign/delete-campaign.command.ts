import { Command } from '@nestjs/cqrs';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

export class DeleteCampaignCommand extends Command<void> {
  constructor(
    readonly campaignId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
