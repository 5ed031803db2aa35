/** The job that sends one batch of a campaign's recipients (an outbox row of the newsletter queue). */
export const SEND_CAMPAIGN_BATCH = 'send-campaign-batch';

export type SendCampaignBatchJob = {
  campaignId: string;
  batch: number;
};
