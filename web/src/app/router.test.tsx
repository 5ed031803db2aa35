import { describe, expect, it } from '@jest/globals';
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router-dom';
import { browserRoutes } from './browser-router';
import { isPageRouteHandle, routeModulesOf, sitePageOf } from './page-handle';
import { ROUTE_IDS } from './route-ids';
import { routes } from './router';

/** Every route of the tree, depth first. */
function allRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

const matchesOf = (pathname: string) =>
  (matchRoutes(routes, pathname) ?? []).map(({ route, params }) => ({
    handle: route.handle as unknown,
    params,
  }));

describe('the routes the server renders', () => {
  const withModule = allRoutes(routes).filter((route) => isPageRouteHandle(route.handle));

  it.each(
    withModule.map(
      (route) => [route.path ?? (route.index ? '(index)' : '(layout)'), route] as const,
    ),
  )('%s names the module its lazy route loads', async (_path, route) => {
    const handle = route.handle as { module: string };
    expect(typeof route.lazy).toBe('function');
    const { Component } = (await (route.lazy as () => Promise<RouteObject>)()) as RouteObject;
    const module = (await import(`../../${handle.module}`)) as Record<string, unknown>;
    expect(Object.values(module)).toContain(Component);
  });

  it.each([
    ['/', '/'],
    ['/pricing', '/pricing/'],
    ['/pricing/', '/pricing/'],
    ['/service/', '/service/'],
    ['/contact', '/contact'],
    ['/contact-us', '/contact'],
    ['/thanks', '/thanks'],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/no-such-page', 'not-found'],
    ['/pricing/extra', 'not-found'],
    ['/a/b/c', 'not-found'],
    ['/dashboard', undefined],
    ['/order-now/basic', undefined],
    ['/reset', undefined],
    ['/newsletter/confirm', undefined],
    ['/admin', undefined],
    ['/edit-banner', undefined],
    ['/banner/3b241101-e2bb-4255-8caf-4136c566a962', undefined],
    ['/3b241101-e2bb-4255-8caf-4136c566a962', undefined],
  ])('%s is the page %s', (pathname, page) => {
    expect(sitePageOf(matchesOf(pathname))).toBe(page);
  });

  it('lists the modules of a page’s routes, outermost first', () => {
    expect(routeModulesOf(matchesOf('/login'))).toStrictEqual([
      'src/app/routes/guards.ts',
      'src/app/routes/login.tsx',
    ]);
  });
});

describe("the browser's routes, without the admin area until it is needed", () => {
  /** The ids of the routes matching `pathname`, as a router (the server's, the browser's) names them. */
  const idsAt = (list: RouteObject[], pathname: string) =>
    (matchRoutes(createStaticHandler(list).dataRoutes, pathname) ?? []).map(
      ({ route }) => route.id,
    );

  it.each(['/', '/pricing/', '/contact-us', '/login', '/a/b/c'])(
    'name the routes of the server-rendered %s as the server does (hydration goes by route id)',
    (pathname) => {
      expect(idsAt(browserRoutes, pathname)).toStrictEqual(idsAt(routes, pathname));
    },
  );

  it('match a one-segment address to the `/:id` gate as the server does, without the about editor under it', () => {
    const server = idsAt(routes, '/no-such-page');
    expect(server).toContain(ROUTE_IDS.entryIdAdminArea);
    expect(idsAt(browserRoutes, '/no-such-page')).toStrictEqual(
      server.slice(0, server.indexOf(ROUTE_IDS.entryId) + 1),
    );
  });
});
