import { type Campaign, type SendCampaign } from '@contracts/campaigns';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateCampaign, storeCampaign } from './campaign-cache';
import { campaignPath } from './query-keys';

export interface SendCampaignVariables extends SendCampaign {
  id: string;
}

/**
 * POST /api/admin/campaigns/:id/send — `sendAt` null sends now, a time schedules it; the campaign as
 * scheduled or sending. 400 (`sendAt`) | 404 | 409.
 */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, sendAt }: SendCampaignVariables) =>
      api.post<Campaign>(campaignPath(id, 'send'), { sendAt }),
    onSuccess: (campaign) => storeCampaign(queryClient, campaign),
    onError: (_error, { id }) => invalidateCampaign(queryClient, id),
  });
}
