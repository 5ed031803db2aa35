import { shiftDate } from '@contracts/insights';
import { type SubscriptionStats } from '@contracts/subscriptions';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Under the subscriptions' root (features/payments/api/subscriptions.ts): their changes refresh it. */
export const subscriptionStatsKey = (from: string, to: string) =>
  ['subscriptions', 'stats', from, to] as const;

/**
 * GET /api/admin/subscriptions/stats?from&to — the monthly plans' figures for the last `days` days
 * ending today (UTC), the same range as the admin home's charts.
 */
export function useSubscriptionStats(days: number) {
  const to = new Date().toISOString().slice(0, 10);
  const from = shiftDate(to, days - 1);
  return useQuery({
    queryKey: subscriptionStatsKey(from, to),
    queryFn: ({ signal }) =>
      api.get<SubscriptionStats>(
        `/api/admin/subscriptions/stats?${new URLSearchParams({ from, to }).toString()}`,
        { signal },
      ),
  });
}
