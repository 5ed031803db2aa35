import { type CampaignInput } from '@contracts/campaigns';

/** Query keys of the newsletter screens; a change to a campaign refreshes `lists()` and its `one(id)`. */
export const campaignsKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignsKeys.all, 'list'] as const,
  list: (page: number, pageSize: number) => [...campaignsKeys.lists(), page, pageSize] as const,
  one: (id: string) => [...campaignsKeys.all, 'one', id] as const,
  preview: ({ subject, body }: CampaignInput) =>
    [...campaignsKeys.all, 'preview', subject, body] as const,
};

/** `/api/admin/campaigns`, one campaign's address, or one of its actions. */
export function campaignPath(id?: string, action?: 'test' | 'send' | 'cancel' | 'resume'): string {
  const base = '/api/admin/campaigns';
  if (id === undefined) return base;
  const one = `${base}/${encodeURIComponent(id)}`;
  return action ? `${one}/${action}` : one;
}
