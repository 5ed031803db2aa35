import { type Campaign } from '@contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCampaign, storeCampaign } from './campaign-cache';
import { campaignPath } from './query-keys';

/**
 * POST /api/admin/campaigns/:id/cancel — a scheduled campaign becomes a draft again, a sending one
 * cancelled (what was sent stays sent); 409 when it is neither.
 */
export function useCancelCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Campaign>(campaignPath(id, 'cancel')),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
    onError: () => invalidateCampaign(queryClient, id),
  });
}
