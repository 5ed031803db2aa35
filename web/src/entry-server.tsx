/**
 * The server's renderer of the public pages (built by `vite.ssr.config.ts` into dist/web-ssr and
 * loaded by the server's site module): the same routes, components and content snapshot as the SPA,
 * rendered with React Router's static data router. The SPA hydrates the result (`main.tsx`).
 */
import {
  type SiteRenderData,
  type SiteRenderer,
  type SiteRenderInput,
  type SitePageLocation,
  type SiteRenderResult,
} from '@contracts/site-rendering';
import { dehydrate, type DehydratedState, QueryClient } from '@tanstack/react-query';
import { isUuid } from '@contracts/ids';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router-dom';
import { type RouteMatchLike, routeModulesOf, sitePageOf } from './app/page-handle';
import { AppProviders } from './app/providers';
import { renderedSearch } from './app/rendered-search';
import { routes } from './app/router';
import { type AppState, appStateHtml } from './lib/app-state';
import { CONTENT_SNAPSHOT_KEY, SESSION_QUERY_KEY } from './lib/query-keys';
import { buildHead } from './lib/seo/head';
import { headHtml } from './lib/seo/head-html';
import { escapeHtml } from './lib/seo/json-script';
import { NOT_FOUND_PAGE, type SitePage } from './lib/seo/public-pages';

const handler = createStaticHandler(routes);

/** How long a page may take to render before the server gives up on it (see `renderToHtml`). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The whole page as HTML, its lazy parts (below the landing page's first screen) included: static
 * prerendering waits for every Suspense boundary, where `renderToString` would write their fallbacks.
 * A boundary is written in place however large it is (by default React sends a large one apart, as a
 * fallback and a script that swaps it in, which this page's markup has no place for). An error, also
 * one a boundary would catch and leave to the browser, fails the page: the server then sends the SPA
 * shell rather than a page with a part missing. So does a render still waiting after
 * `RENDER_TIMEOUT_MS` (a lazy part whose code never settles), rather than holding the request.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(element, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    onError: (error) => {
      errors.push(error);
    },
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error('The page failed to render', { cause: errors[0] });
  return html;
}

const NOINDEX = '<meta name="robots" content="noindex">';

/**
 * React writes the resources it hoists (the preload of an `<img fetchPriority="high">`) ahead of the
 * markup when it does not render the whole document. They belong in `<head>`: in the root element
 * they would not match what the browser renders when it hydrates.
 */
const HOISTED_RESOURCES = /^(?:<link\b[^>]*>)+/;

function splitHoistedResources(html: string): { resources: string[]; markup: string } {
  const leading = HOISTED_RESOURCES.exec(html)?.[0] ?? '';
  return { resources: leading.match(/<link\b[^>]*>/g) ?? [], markup: html.slice(leading.length) };
}

const asMatches = (
  matches: readonly { route: { handle?: unknown }; params: RouteMatchLike['params'] }[],
) => matches.map((match): RouteMatchLike => ({ handle: match.route.handle, params: match.params }));

/**
 * The query cache a page renders with, and the browser starts from: the content snapshot, and the
 * session as a visitor's, stale from the start so that the browser asks who is signed in as soon
 * as the page has hydrated (the header then shows their links).
 */
function initialQueries({ content, visitorSession }: SiteRenderData): DehydratedState {
  const client = new QueryClient();
  client.setQueryData(CONTENT_SNAPSHOT_KEY, content);
  client.setQueryData(SESSION_QUERY_KEY, visitorSession, { updatedAt: 0 });
  return dehydrate(client);
}

/** Where a route tree sends a path, without its query: what `locateSitePage` memoises. */
type RouteLocation =
  { kind: 'client-only' } | { kind: 'page'; page: SitePage; key: string; routePath: string };

/** Every literal segment of the routes' paths (matching is case-insensitive). */
function staticSegments(routeList: readonly AgnosticRoute[]): Set<string> {
  const segments = new Set<string>();
  const walk = (list: readonly AgnosticRoute[]) => {
    for (const route of list) {
      for (const segment of route.path?.split('/') ?? []) {
        if (segment && !segment.startsWith(':') && segment !== '*') {
          segments.add(segment.toLowerCase());
        }
      }
      if (route.children) walk(route.children);
    }
  };
  walk(routeList);
  return segments;
}

type AgnosticRoute = { path?: string; children?: AgnosticRoute[] };

const STATIC_SEGMENTS = staticSegments(handler.dataRoutes);
/** Stands for a segment no route names, and for one that is a UUID (the `/:id` gate looks at it). */
const ANY_SEGMENT = '~any~';
const ANY_UUID = '00000000-0000-4000-8000-000000000000';
/** Where the paths of one shape go, remembered (matching the whole tree costs a few milliseconds). */
const locations = new Map<string, RouteLocation>();
const MAX_LOCATIONS = 1000;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The path with every segment no route names replaced by a stand-in (a UUID by a UUID): the routes
 * tell such segments apart only by that, so every path of a shape goes where its shape goes, and
 * random addresses come down to a few shapes.
 */
function shapeOf(pathname: string): string {
  return pathname
    .split('/')
    .map((raw) => {
      const segment = decodeSegment(raw);
      if (segment === '' || STATIC_SEGMENTS.has(segment.toLowerCase())) return segment;
      return isUuid(segment) ? ANY_UUID : ANY_SEGMENT;
    })
    .join('/');
}

function routeLocation(pathname: string): RouteLocation {
  const matches = matchRoutes(handler.dataRoutes, pathname) ?? [];
  const page = sitePageOf(asMatches(matches));
  if (!page) return { kind: 'client-only' };
  if (page === NOT_FOUND_PAGE) {
    return { kind: 'page', page, key: `not-found ${matches.at(-1)?.route.id}`, routePath: '' };
  }
  const routePath = `/${matches.flatMap((match) => match.route.path ?? []).join('/')}`;
  return { kind: 'page', page, key: `page ${routePath}`, routePath };
}

/**
 * Which page a path shows and under which key the server may keep its HTML. A public page's routes
 * have no parameters, so its key is its route (however the path is spelt: case, trailing slash,
 * percent-encoding) and it is rendered at that route's own path, with only the query it reads. The
 * not-found page does not show the address: every path a route answers with it shares one key.
 */
export function locateSitePage(path: string): SitePageLocation {
  const url = new URL(`http://localhost${path}`);
  const shape = shapeOf(url.pathname);
  let location = locations.get(shape);
  if (!location) {
    location = routeLocation(shape);
    if (locations.size >= MAX_LOCATIONS) locations.delete(locations.keys().next().value!);
    locations.set(shape, location);
  }
  if (location.kind === 'client-only') return location;
  // Rendered at its shape, so that the page kept under the key is the one its route renders.
  if (location.page === NOT_FOUND_PAGE) return { kind: 'page', key: location.key, path: shape };
  const search = renderedSearch(location.page, url.searchParams);
  return { kind: 'page', key: `${location.key}${search}`, path: `${location.routePath}${search}` };
}

/** What every page tells the SPA about the site, whoever renders it. */
const siteState = ({ publicUrl, simulatedPayments }: SiteRenderInput): AppState => ({
  publicUrl,
  ...(simulatedPayments ? { simulatedPayments } : {}),
});

export async function renderSitePage(input: SiteRenderInput): Promise<SiteRenderResult> {
  const url = new URL(`${input.publicUrl}${input.path}`);
  const page = sitePageOf(asMatches(matchRoutes(routes, url.pathname) ?? []));
  if (!page) {
    return {
      kind: 'client-only',
      head: NOINDEX,
      state: appStateHtml(siteState(input)),
    };
  }

  const data = await input.loadData();
  const context = await handler.query(new Request(url, { headers: { accept: 'text/html' } }));
  if (context instanceof Response) {
    throw new Error(`The routes answered ${context.status} instead of a page`);
  }
  if (context.errors) {
    throw new Error('A route failed to load', { cause: Object.values(context.errors)[0] });
  }
  const state: AppState = {
    ...siteState(input),
    queries: initialQueries(data),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const rendered = await renderToHtml(
    <StrictMode>
      <AppProviders state={state}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const { resources, markup } = splitHoistedResources(rendered);
  const head = buildHead({ page, content: data.content, publicUrl: input.publicUrl });
  // The hero image's preload is among the head tags already.
  const heroPreload = head.heroImage && `href="${escapeHtml(head.heroImage)}"`;
  const otherResources = resources.filter((link) => !heroPreload || !link.includes(heroPreload));
  return {
    kind: 'page',
    status: page === NOT_FOUND_PAGE ? 404 : 200,
    head: [headHtml(head), ...otherResources].join('\n    '),
    body: markup,
    state: appStateHtml(state),
    modules: routeModulesOf(asMatches(context.matches)),
  };
}

export const renderer: SiteRenderer = { locateSitePage, renderSitePage };
