/**
 * Bull Board, the operators' view of every queue (admins only). The server serves it as a page of its
 * own, not a route of the SPA: link to it with a plain `<a href>` (a full page load).
 */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';
