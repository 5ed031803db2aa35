/**
 * The routes named by an id of our own rather than by their place in the tree. The browser's router
 * starts without the pages it alone renders and without the admin area, and adds them under `pages`,
 * `root` and `entryId` (`browser-router.tsx`), so the tree the server renders (with them) and the
 * browser's (without them, at first) differ in their children: with these ids, and with those
 * groups last among their siblings (a route without an id is named by its place), the routes of a
 * server-rendered page keep the same ids in both, which hydrating depends on (the server's router
 * state is keyed by route id).
 */
export const ROUTE_IDS = {
  root: 'root',
  /** The public site's layout route (its header and footer). */
  site: 'site',
  /** The pathless route of the public site's pages, in its error boundary. */
  pages: 'pages',
  /**
   * Under `pages`, the group of the pages the browser alone renders (account, links of e-mails):
   * left out of the browser's first routes and added when an address needs them.
   */
  clientPages: 'client-pages',
  /** `*`: the public site's "Page not found". */
  notFound: 'not-found',
  /** `/:id`, the gate of the about editor. */
  entryId: 'entry-id',
  /** The admin shell of every admin screen but the about editor. */
  adminArea: 'admin-area',
  /** The admin shell of the about editor, under the `/:id` gate. */
  entryIdAdminArea: 'entry-id-admin-area',
} as const;
