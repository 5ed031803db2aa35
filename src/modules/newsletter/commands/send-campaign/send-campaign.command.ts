import { Command } from '@nestjs/cqrs';
import type { Campaign } from '../../../../contracts/campaigns.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Sends a draft now (`sendAt` null) or schedules it. */
export class SendCampaignCommand extends Command<Campaign> {
  constructor(
    readonly campaignId: string,
    readonly sendAt: Date | null,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
