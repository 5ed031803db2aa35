/**
 * Query keys that more than one feature (or the app shell) touches. A feature's own keys live
 * with its fetchers.
 */

/** The signed-in visitor (`GET /api/auth/session`). Invalidate it whenever the session may have changed. */
export const SESSION_QUERY_KEY = ['session'] as const;

/** Every section of the site (`GET /api/content`), read by the public pages; stale after any content write. */
export const CONTENT_SNAPSHOT_KEY = ['content'] as const;

/**
 * Every order query (the orders feature's keys all start with it: lists, one order, totals). A change
 * made elsewhere to an order (its intake answers move its stage) invalidates it.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
