/**
 * Query keys that more than one feature (or the app shell) touches. A feature's own keys live
 * with its fetchers.
 */

/** The signed-in visitor (`GET /api/auth/session`). Invalidate it whenever the session may have changed. */
export const SESSION_QUERY_KEY = ['session'] as const;
