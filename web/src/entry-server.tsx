/**
 * The server's renderer of the public pages (built by `vite.ssr.config.ts` into dist/web-ssr and
 * loaded by the server's site module): the same routes, components and content snapshot as the SPA,
 * rendered with React Router's static data router. The SPA hydrates the result (`main.tsx`).
 */
import {
  type SiteRenderData,
  type SiteRenderer,
  type SiteRenderInput,
  type SiteRenderResult,
} from '@contracts/site-rendering';
import { dehydrate, type DehydratedState, QueryClient } from '@tanstack/react-query';
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
import { routes } from './app/router';
import { type AppState, appStateHtml } from './lib/app-state';
import { CONTENT_SNAPSHOT_KEY, SESSION_QUERY_KEY } from './lib/query-keys';
import { buildHead } from './lib/seo/head';
import { headHtml } from './lib/seo/head-html';
import { escapeHtml } from './lib/seo/json-script';
import { NOT_FOUND_PAGE } from './lib/seo/public-pages';

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

export const renderer: SiteRenderer = { renderSitePage };
