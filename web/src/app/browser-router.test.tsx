import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { fakeApi } from '../testing/fake-api';
import { createTestQueryClient } from '../testing/render';
import { type AdminRouteHandle } from './admin/admin-screen';
import { ADMIN_SCREENS } from './admin/admin-screens';
import { browserRoutes, discoverRoutes, loadMatchedRoutes } from './browser-router';
import { clientRenderedRoutes } from './route-discovery';
import { ROUTE_IDS } from './route-ids';

/**
 * Notes each load of the admin area's routes (in the browser, the admin screen registry's chunk).
 * This file imports nothing that imports them, so the tests before the first admin address see
 * whether a public one loads them.
 */
const mockAdminRoutesLoaded = jest.fn();
jest.mock('./admin/admin-routes', () => {
  mockAdminRoutesLoaded();
  return jest.requireActual('./admin/admin-routes');
});

const ID = 'aaaaaaaa-0000-4000-8000-000000000001';

type BrowserRouter = ReturnType<typeof createMemoryRouter>;

/**
 * A router built as the browser's is (`AppRouter`, `boot.tsx`), at `path`: a page the browser renders
 * from the start (the server sent the SPA shell) starts with `clientRenderedRoutes()`.
 */
function routerAt(path: string): BrowserRouter {
  return createMemoryRouter(clientRenderedRoutes(), {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverRoutes,
  });
}

/** The same for a page the server rendered: `browserRoutes`, its routes' code loaded, hydrated. */
async function hydratedAt(path: string): Promise<BrowserRouter> {
  await loadMatchedRoutes(path);
  return createMemoryRouter(browserRoutes, {
    initialEntries: [path],
    patchRoutesOnNavigation: discoverRoutes,
    hydrationData: { loaderData: {} },
  });
}

/** Once the router has found (and loaded) the first page's routes. */
async function started(router: BrowserRouter): Promise<BrowserRouter> {
  if (router.state.initialized) return router;
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
  return router;
}

const deepest = (router: BrowserRouter) => router.state.matches.at(-1)?.route;
const screenOf = (router: BrowserRouter) =>
  (deepest(router)?.handle as AdminRouteHandle | undefined)?.adminScreen;

/** Every route of the tree, depth first. */
function allRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

const routers: BrowserRouter[] = [];
function track(router: BrowserRouter): BrowserRouter {
  routers.push(router);
  return router;
}

afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
});

// In order: the public addresses first, while the admin area is not loaded yet.
describe("the browser's router, on the public site", () => {
  it('starts without the admin area (no admin shell, nothing under the `/:id` gate) and without the pages the browser alone renders', () => {
    const ids = allRoutes(browserRoutes).map((route) => route.id);
    expect(ids).toEqual(
      expect.arrayContaining([ROUTE_IDS.root, ROUTE_IDS.pages, ROUTE_IDS.entryId]),
    );
    expect(ids).not.toContain(ROUTE_IDS.clientPages);
    expect(allRoutes(browserRoutes).map((route) => route.path)).not.toContain('dashboard');
    expect(ids).not.toContain(ROUTE_IDS.adminArea);
    expect(ids).not.toContain(ROUTE_IDS.entryIdAdminArea);
    expect(allRoutes(browserRoutes).find((route) => route.id === ROUTE_IDS.entryId)?.children).toBe(
      undefined,
    );
  });

  it.each([
    ['/', undefined],
    ['/pricing', 'pricing'],
    ['/dashboard', 'dashboard'],
    // With a parameter, React Router asks about these too: they are not the admin's.
    ['/pay-now/1', 'pay-now/:id'],
    ['/order-now/basic', 'order-now/:packageId'],
  ])('opens %s (first page) without loading the admin area', async (path, routePath) => {
    const router = track(await started(routerAt(path)));
    expect(deepest(router)?.path).toBe(routePath);
    expect(mockAdminRoutesLoaded).not.toHaveBeenCalled();
  });

  it.each([
    ['/dashboard', 'dashboard'],
    ['/pay-now/1', 'pay-now/:id'],
    ['/orders/1', 'orders/:id'],
    ['/reset', 'reset'],
    ['/newsletter/confirm', 'newsletter/confirm'],
    ['/invitation/abc', 'invitation/:token'],
    // `/seo-check` is a page the server renders: the router first matches the address to it.
    ['/seo-check/abc', 'seo-check/:id'],
  ])(
    'reaches %s, a page the browser alone renders, from a server-rendered page, without loading the admin area',
    async (path, routePath) => {
      const router = track(await hydratedAt('/pricing'));
      await router.navigate(path);
      expect(deepest(router)?.path).toBe(routePath);
      // And back: the routes added stay, the public ones are as they were.
      await router.navigate('/pricing');
      expect(deepest(router)?.path).toBe('pricing');
      await router.navigate(path);
      expect(deepest(router)?.path).toBe(routePath);
      expect(mockAdminRoutesLoaded).not.toHaveBeenCalled();
    },
  );

  it.each(['/pricing', '/banner-list', '/a/b'])(
    'hydrates the server-rendered %s at once, its routes loaded first, without the admin area',
    async (path) => {
      const router = track(await hydratedAt(path));
      // No HydrateFallback: the page is there as the server rendered it.
      expect(router.state.initialized).toBe(true);
      expect(router.state.matches.every(({ route }) => route.lazy === undefined)).toBe(true);
      expect(mockAdminRoutesLoaded).not.toHaveBeenCalled();
    },
  );
});

describe("the browser's router, at an admin address", () => {
  it('loads the admin area once, the first time an address needs it', async () => {
    const router = track(await started(routerAt('/setting')));
    expect(screenOf(router)).toBe('settings');
    await router.navigate('/admin/audit');
    expect(screenOf(router)).toBe('audit');
    await router.navigate(`/${ID}`);
    expect(screenOf(router)).toBe('content-edit/{id}');
    expect(mockAdminRoutesLoaded).toHaveBeenCalledTimes(1);
  });

  it.each(ADMIN_SCREENS.filter((screen) => screen.load).map((screen) => [screen.path, screen.id]))(
    'opens %s (first page) on its screen',
    async (path, id) => {
      const router = track(await started(routerAt(path.replace('{id}', ID))));
      expect(screenOf(router)).toBe(id);
    },
  );

  it('reaches the admin area from a public page (the header link of a signed-in admin)', async () => {
    const router = track(await hydratedAt('/pricing'));
    await router.navigate('/admin');
    expect(screenOf(router)).toBe('admin-home');
    await router.navigate(`/${ID}`);
    expect(screenOf(router)).toBe('content-edit/{id}');
  });

  it('leaves "Page not found" to the other addresses', async () => {
    const router = track(await hydratedAt('/a/b/c'));
    expect(deepest(router)?.id).toBe(ROUTE_IDS.notFound);
    await router.navigate('/pay-now/1/more');
    expect(deepest(router)?.id).toBe(ROUTE_IDS.notFound);
    // One segment: the `/:id` gate, which shows "Page not found" for what is not an entry id.
    await router.navigate('/banner-list');
    expect(router.state.matches.map(({ route }) => route.id)).toContain(ROUTE_IDS.entryId);
  });
});

describe('the first page, while its code loads (RootHydrateFallback)', () => {
  const realFetch = globalThis.fetch;
  const realScrollTo = window.scrollTo;
  beforeEach(() => {
    window.scrollTo = () => undefined;
    fakeApi(({ url }) =>
      url.pathname === '/api/auth/session'
        ? [200, { account: null, googleSignIn: false }]
        : undefined,
    );
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    window.scrollTo = realScrollTo;
  });

  it.each([
    ['/admin', 'admin'],
    ['/setting', 'admin'],
    ['/admin/audit', 'admin'],
    [`/${ID}`, 'admin'],
    // Not an admin address, but the router cannot tell before it has loaded the admin area. (The
    // server renders it, a 404 page: the browser shows it at once.)
    ['/banner-list', 'admin'],
    ['/dashboard', 'site'],
    ['/pay-now/1', 'site'],
  ])('shows %s in the %s frame', async (path, frame) => {
    const router = track(routerAt(path));
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const adminFrame = screen.queryByText('Loading the admin area');
    // The site's shell (its footer comes with its own code, later: not a sign of the frame).
    const siteShell = screen.queryByRole('link', { name: 'Skip to content' });
    expect([adminFrame !== null, siteShell !== null]).toEqual(
      frame === 'admin' ? [true, false] : [false, true],
    );
    // Let the first page's code load before the next test.
    await waitFor(() => expect(router.state.initialized).toBe(true));
  });
});
