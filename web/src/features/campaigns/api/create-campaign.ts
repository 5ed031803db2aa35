import { type Campaign, type CampaignFields } from '@contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeCampaign } from './campaign-cache';
import { campaignPath } from './query-keys';

/** POST /api/admin/campaigns — 201 with the new draft; 400 with field errors. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignFields) => api.post<Campaign>(campaignPath(), input),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
  });
}
