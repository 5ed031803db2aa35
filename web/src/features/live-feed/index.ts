/**
 * Placeholder for the admin live feed (issue 14, built in parallel): replaced at merge by the real
 * feature (an EventSource on /api/admin/events, toasts, query invalidation).
 */
export function LiveFeed() {
  return null;
}
