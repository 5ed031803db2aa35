import { type Campaign } from '@contracts/campaigns';
import { type QueryClient } from '@tanstack/react-query';
import { campaignsKeys } from './query-keys';

/** The server's answer is the campaign as it is now: show it at once, and refresh the lists. */
export function storeCampaign(queryClient: QueryClient, campaign: Campaign): Promise<void> {
  queryClient.setQueryData(campaignsKeys.one(campaign.id), campaign);
  return queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() });
}

/** After a failure too: a 404 or 409 means the campaign shown is out of date. */
export function invalidateCampaign(queryClient: QueryClient, id: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignsKeys.one(id) }),
    queryClient.invalidateQueries({ queryKey: campaignsKeys.lists() }),
  ]).then(() => undefined);
}
