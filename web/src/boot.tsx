import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type RouteObject } from 'react-router-dom';
import { App } from './app';
import { browserRoutes, loadClientRenderedRoutes, loadMatchedRoutes } from './app/browser-router';
import { readAppState } from './lib/app-state';

/**
 * The app's start (loaded by `main.tsx`): takes over a page the server rendered, or renders one.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const state = readAppState(document);
const app = (routes: RouteObject[]) => (
  <StrictMode>
    <App state={state} routes={routes} />
  </StrictMode>
);

if (state?.router) {
  // A page the server rendered: load its routes' code, then take over the markup that is there.
  // Should that code fail to load, the page is rendered afresh (with the route's error).
  // As a transition, hydrating yields to the browser every few milliseconds: a tap or a key press
  // while it runs is handled at once (and the part it lands in hydrated first).
  loadMatchedRoutes(window.location.pathname).then(
    () =>
      startTransition(() => {
        hydrateRoot(container, app(browserRoutes));
      }),
    () => createRoot(container).render(app(browserRoutes)),
  );
} else {
  // A page the browser renders (the server sent the SPA shell): with the routes of the pages only
  // the browser renders, so that the router matches the page at once. Should they fail to load,
  // the router starts without them (and asks for them again, with the page's error if they fail).
  loadClientRenderedRoutes().then(
    (routes) => createRoot(container).render(app(routes)),
    () => createRoot(container).render(app(browserRoutes)),
  );
}
