import { type AdminStats, shiftDate, type StatsBucket } from '@contracts/insights';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

export const adminStatsKeys = {
  all: ['admin-stats'] as const,
  range: (days: number, bucket: StatsBucket) => [...adminStatsKeys.all, days, bucket] as const,
};

/**
 * The key roots whose invalidation makes the stats stale too: the live feed invalidates them on every
 * order, payment and subscriber event (features/live-feed/api/use-live-feed.ts, `STALE_QUERIES`), and
 * the admin's own changes of an order or a subscriber do. Features do not import each other, so these
 * are the other features' roots written out: `ordersKeys.all`, the payments' queries and
 * `adminSubscribersKeys.all`.
 */
const FOLLOWED_ROOTS: ReadonlySet<unknown> = new Set(['orders', 'payments', 'admin-subscribers']);

/** The last `days` days ending today (UTC, as the server counts days), per `bucket`. */
export function useAdminStats(days: number, bucket: StatsBucket) {
  const queryClient = useQueryClient();
  useEffect(() => {
    // One refetch for a burst (an invalidation marks each matching query, one event each).
    let pending = false;
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'invalidate') return;
      if (pending || !FOLLOWED_ROOTS.has(event.query.queryKey[0])) return;
      pending = true;
      queueMicrotask(() => {
        pending = false;
        void queryClient.invalidateQueries({ queryKey: adminStatsKeys.all });
      });
    });
    return unsubscribe;
  }, [queryClient]);

  return useQuery({
    queryKey: adminStatsKeys.range(days, bucket),
    queryFn: ({ signal }) => {
      const to = new Date().toISOString().slice(0, 10);
      const query = new URLSearchParams({ from: shiftDate(to, days - 1), to, bucket });
      return api.get<AdminStats>(`/api/admin/stats?${query}`, { signal });
    },
  });
}
