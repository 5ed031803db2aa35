import { type Notice } from '@contracts/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignPath } from './query-keys';

/** POST /api/admin/campaigns/:id/test — 202 with a notice: the e-mail goes to the signed-in admin only. */
export function useSendTestCampaign() {
  return useMutation({
    mutationFn: (id: string) => api.post<Notice>(campaignPath(id, 'test')),
  });
}
