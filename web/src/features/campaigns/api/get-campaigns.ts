import { type CampaignPage } from '@contracts/campaigns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignPath, campaignsKeys } from './query-keys';

/** GET /api/admin/campaigns?page=&pageSize= — newest first, with their counts. */
export function useCampaigns(page: number, pageSize: number) {
  return useQuery({
    queryKey: campaignsKeys.list(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<CampaignPage>(`${campaignPath()}?page=${page}&pageSize=${pageSize}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
