import { Command } from '@nestjs/cqrs';
import type { Campaign, CampaignFields } from '../../../../contracts/campaigns.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Writes a new draft (`campaignId` null) or changes a draft. */
export class SaveCampaignCommand extends Command<Campaign> {
  constructor(
    readonly campaignId: string | null,
    readonly fields: CampaignFields,
    /** The admin: the campaign's author when new; recorded in the audit log. */
    readonly actor: AuditActor,
  ) {
    super();
  }
}
