import { type CampaignInput, type CampaignPreview } from '@contracts/campaigns';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { campaignPath, campaignsKeys } from './query-keys';

/**
 * POST /api/admin/campaigns/preview — the e-mail as subscribers will get it; 400 with the field's
 * message. A query, not a mutation: the same text gives the same e-mail, and a newer text replaces an
 * answer still on its way. The previous e-mail stays shown while the next one loads.
 */
export function useCampaignPreview(
  input: CampaignInput,
  enabled = true,
  /** Where the e-mail is rendered: a campaign's preview, or another e-mail rendered as one. */
  path = `${campaignPath()}/preview`,
) {
  return useQuery({
    queryKey: [...campaignsKeys.preview(input), path],
    queryFn: ({ signal }) => api.post<CampaignPreview>(path, input, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // A 400 stays a 400; the next keystroke asks again anyway.
    retry: false,
  });
}
