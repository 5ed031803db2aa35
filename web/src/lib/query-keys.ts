/**
 * Query keys that more than one feature (or the app shell) touches. A feature's own keys live
 * with its fetchers.
 */

/** The signed-in visitor (`GET /api/auth/session`). Invalidate it whenever the session may have changed. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Every section of the site (`GET /api/content`), read by the public pages; stale after any content write. */
export const CONTENT_SNAPSHOT_KEY = ['content'] as const;

/**
 * The root of every order query (lists, one order, its timeline, invoices): invalidated by a feature
 * that changes an order outside the orders feature (a delivery, its approval).
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
