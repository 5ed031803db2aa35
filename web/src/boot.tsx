import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { loadMatchedRoutes } from './app/browser-router';
import { readAppState } from './lib/app-state';

/**
 * The app's start (loaded by `main.tsx`): takes over a page the server rendered, or renders one.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

const state = readAppState(document);
const app = (
  <StrictMode>
    <App state={state} />
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
        hydrateRoot(container, app);
      }),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
