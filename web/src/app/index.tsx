import { type RouteObject } from 'react-router-dom';
import { type AppState } from '../lib/app-state';
import { AppProviders } from './providers';
import { AppRouter } from './browser-router';

/**
 * The SPA; `state` is what the server sent with the page (see `app-state.ts`), `routes` the router's
 * first routes (`browser-router.tsx`).
 */
export function App({ state, routes }: { state?: AppState; routes: RouteObject[] }) {
  return (
    <AppProviders state={state}>
      <AppRouter routes={routes} hydrationData={state?.router} />
    </AppProviders>
  );
}
