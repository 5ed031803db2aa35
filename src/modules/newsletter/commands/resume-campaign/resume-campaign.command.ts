import { Command } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/campaigns.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

export class ResumeCampaignCommand extends Command<Campaign> {
  constructor(
    readonly campaignId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
