import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { CampaignPreview } from '../../../../contracts/campaigns.js';
import { CampaignMailer } from '../../../../platform/mail/campaign-mailer.port.js';
import { PreviewCampaignQuery } from './preview-campaign.query.js';

/** Renders with the very template the subscribers' copies use, so the preview is the real e-mail. */
@QueryHandler(PreviewCampaignQuery)
export class PreviewCampaignHandler implements IQueryHandler<PreviewCampaignQuery> {
  constructor(private readonly mailer: CampaignMailer) {}

  execute({ fields }: PreviewCampaignQuery): Promise<CampaignPreview> {
    return this.mailer.preview(fields);
  }
}
