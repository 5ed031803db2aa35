import { type Campaign } from '@contracts/campaigns';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isCampaignInFlight } from '../campaign-status';
import { campaignPath, campaignsKeys } from './query-keys';

const POLL_MS = 1000;

/**
 * GET /api/admin/campaigns/:id — asked again every second while it is scheduled or sending (by the
 * screen showing it: `poll: false` for another reader of the same answer, such as its route).
 */
export function useCampaign(id: string, { poll = true }: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: campaignsKeys.one(id),
    queryFn: ({ signal }) => api.get<Campaign>(campaignPath(id), { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return poll && status && isCampaignInFlight(status) ? POLL_MS : false;
    },
  });
}
