import { isUuid } from '@contracts/ids';
import { type Params } from 'react-router-dom';
import { type SitePage } from '../lib/seo/site-page';

/**
 * What a lazy route of the public site carries in its `handle`, for the server renderer and the
 * document head.
 */
export interface PageRouteHandle {
  /** The page it shows, when it is a server-rendered one (its SEO values and canonical path). */
  page?: SitePage;
  /**
   * Its source module as Vite's manifest names it (`src/app/routes/pricing.tsx`): the server links
   * the module's CSS and preloads its chunks (checked against the lazy import by router.test.tsx).
   */
  module: string;
  /** `/:id`: an entry id opens the (client-rendered) about editor, any other id is "not found". */
  entryIdGate?: true;
}

export function isPageRouteHandle(handle: unknown): handle is PageRouteHandle {
  return typeof handle === 'object' && handle !== null && 'module' in handle;
}

/** A matched route, as both `useMatches()` and the server's matches give it. */
export interface RouteMatchLike {
  handle: unknown;
  params: Params;
}

/**
 * The server-rendered page a location shows: the deepest matched route naming one. None for the
 * signed-in and admin pages, which the browser renders.
 */
export function sitePageOf(matches: readonly RouteMatchLike[]): SitePage | undefined {
  const match = matches.findLast((m) => isPageRouteHandle(m.handle) && m.handle.page);
  if (!match) return undefined;
  const handle = match.handle as PageRouteHandle;
  if (handle.entryIdGate && isUuid(match.params.id ?? '')) return undefined;
  return handle.page;
}

/** The source modules of the matched routes, outermost first. */
export function routeModulesOf(matches: readonly RouteMatchLike[]): string[] {
  return matches.flatMap((m) => (isPageRouteHandle(m.handle) ? [m.handle.module] : []));
}
