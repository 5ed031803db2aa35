/**
 * Query keys that more than one feature (or the app shell) touches. A feature's own keys live
 * with its fetchers.
 */

/** The signed-in visitor (`GET /api/auth/session`). Invalidate it whenever the session may have changed. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Every section of the site (`GET /api/content`), read by the public pages; stale after any content write. */
export const CONTENT_SNAPSHOT_KEY = ['content'] as const;

/**
 * Whether a cached query belongs to the visitor's account, and is dropped when someone signs in or
 * out: everything but the session (replaced, not dropped) and the site's content (public, the same
 * for everyone). Keeping the content also keeps the page as it is: a part of a server-rendered page
 * whose code comes later (the footer) hydrates with the content it was rendered from.
 */
export function isAccountQuery(query: { queryKey: readonly unknown[] }): boolean {
  const root = query.queryKey[0];
  return root !== SESSION_QUERY_KEY[0] && root !== CONTENT_SNAPSHOT_KEY[0];
}

/**
 * The root of every order query (lists, one order, its timeline, invoices): invalidated by a feature
 * that changes an order outside the orders feature (intake answers, a delivery, its approval).
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
