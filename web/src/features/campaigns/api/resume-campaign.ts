import { type Campaign } from '@contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCampaign, storeCampaign } from './campaign-cache';
import { campaignPath } from './query-keys';

/**
 * POST /api/admin/campaigns/:id/resume — a paused campaign sends again where it stopped; 409 when it
 * is not paused.
 */
export function useResumeCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Campaign>(campaignPath(id, 'resume')),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
    onError: () => invalidateCampaign(queryClient, id),
  });
}
