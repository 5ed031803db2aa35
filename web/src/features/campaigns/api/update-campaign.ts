import { type Campaign, type CampaignFields } from '@contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCampaign, storeCampaign } from './campaign-cache';
import { campaignPath } from './query-keys';

/** PUT /api/admin/campaigns/:id — the draft as saved; 400 | 404 | 409 once it is no draft. */
export function useUpdateCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignFields) => api.put<Campaign>(campaignPath(id), input),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
    onError: () => invalidateCampaign(queryClient, id),
  });
}
