import { type Notice } from '@contracts/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCampaign } from './campaign-cache';
import { campaignPath, campaignsKeys } from './query-keys';

/** DELETE /api/admin/campaigns/:id — a notice; 404 | 409 once it is no draft. */
export function useDeleteCampaign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<Notice>(campaignPath(id)),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: campaignsKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
    },
    onError: () => invalidateCampaign(queryClient, id),
  });
}
