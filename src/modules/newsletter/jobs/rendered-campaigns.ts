import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  CampaignMailer,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { NewsletterCampaign } from '../domain/campaign.entity.js';

/** Campaigns being sent at once by one worker are few: their rendered e-mails are kept. */
export const CAMPAIGNS_KEPT = 4;

/**
 * The campaigns' e-mails as this worker rendered them, once each: a campaign no longer changes once it
 * is sending. The fan-out starts the rendering (the e-mail templates are read at their first use), so
 * that the first batches find it done.
 */
@Injectable()
export class RenderedCampaigns {
  private readonly rendered = new Map<string, Promise<RenderedCampaign>>();

  constructor(
    private readonly em: EntityManager,
    private readonly mailer: CampaignMailer,
  ) {}

  of(campaignId: string): Promise<RenderedCampaign> {
    let rendered = this.rendered.get(campaignId);
    if (!rendered) {
      rendered = this.em
        .fork()
        .findOneOrFail(NewsletterCampaign, campaignId, { fields: ['subject', 'body'] })
        .then((campaign) => this.mailer.render(campaign));
      rendered.catch(() => this.rendered.delete(campaignId));
      this.rendered.set(campaignId, rendered);
      for (const key of this.rendered.keys()) {
        if (this.rendered.size <= CAMPAIGNS_KEPT) break;
        this.rendered.delete(key);
      }
    }
    return rendered;
  }

  /** Starts rendering ahead of the first batch (a failure is met again, and reported, by the batch). */
  warm(campaignId: string): void {
    this.of(campaignId).catch(() => undefined);
  }
}
