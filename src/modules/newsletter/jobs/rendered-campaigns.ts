import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  CampaignMailer,
  type RenderedCampaign,
} from '../../../platform/mail/campaign-mailer.port.js';
import { NewsletterCampaign } from '../domain/campaign.entity.js';

/** Campaigns being sent at once by one worker are few: their rendered e-mails are kept. */
export const CAMPAIGNS_KEPT = 4;

/**
 * The campaigns' e-mails as this worker rendered them, once each: a campaign no longer changes once it
 * is sending. The fan-out renders ahead (the e-mail templates are read at their first use) and keeps
 * the result once it commits, so that the first batches find it done.
 */
@Injectable()
export class RenderedCampaigns {
  private readonly rendered = new LRUCache<string, Promise<RenderedCampaign>>({
    max: CAMPAIGNS_KEPT,
  });

  constructor(
    private readonly em: EntityManager,
    private readonly mailer: CampaignMailer,
  ) {}

  of(campaignId: string): Promise<RenderedCampaign> {
    return this.rendered.get(campaignId) ?? this.keep(campaignId, this.render(campaignId));
  }

  /** Renders the campaign as committed now, without keeping it (see `keep`). */
  render(campaignId: string): Promise<RenderedCampaign> {
    const rendered = this.em
      .fork()
      .findOneOrFail(NewsletterCampaign, campaignId, { fields: ['subject', 'body'] })
      .then((campaign) => this.mailer.render(campaign));
    // Met again, and reported, by whoever uses it.
    rendered.catch(() => undefined);
    return rendered;
  }

  /** Keeps a rendering of the campaign's final content for its batches (a failed one is dropped). */
  keep(campaignId: string, rendered: Promise<RenderedCampaign>): Promise<RenderedCampaign> {
    const kept = this.rendered.get(campaignId);
    if (kept) return kept;
    rendered.catch(() => {
      if (this.rendered.get(campaignId) === rendered) this.rendered.delete(campaignId);
    });
    this.rendered.set(campaignId, rendered);
    return rendered;
  }
}
