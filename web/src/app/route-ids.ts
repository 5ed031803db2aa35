/**
 * The routes named by an id of our own rather than by their place in the tree. The browser's router
 * starts without the admin area and adds it under `root` and `entryId` (`browser-router.tsx`), so
 * the tree the server renders (with it) and the browser's (without it, at first) differ in their
 * children: with these ids, the routes of a server-rendered page keep the same ids in both, which
 * hydrating depends on (the server's router state is keyed by route id).
 */
export const ROUTE_IDS = {
  root: 'root',
  /** The public site's layout route (its header and footer). */
  site: 'site',
  /** `*`: the public site's "Page not found". */
  notFound: 'not-found',
  /** `/:id`, the gate of the about editor. */
  entryId: 'entry-id',
  /** The admin shell of every admin screen but the about editor. */
  adminArea: 'admin-area',
  /** The admin shell of the about editor, under the `/:id` gate. */
  entryIdAdminArea: 'entry-id-admin-area',
} as const;
