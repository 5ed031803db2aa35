import { ConflictException, NotFoundException } from '@nestjs/common';
import { CAMPAIGN_TEXTS } from '../../../contracts/campaigns.js';
import { requireRecordId } from '../../../platform/http/record-id.js';

export const campaignNotFound = () => new NotFoundException(CAMPAIGN_TEXTS.notFound);
export const campaignNotDraft = () => new ConflictException(CAMPAIGN_TEXTS.notDraft);

/** A campaign id from a URL: anything but a UUID names no campaign (404). */
export const requireCampaignId = (id: string) => requireRecordId(id, CAMPAIGN_TEXTS.notFound);
