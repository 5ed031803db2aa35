import { type AppState } from '../lib/app-state';
import { AppProviders } from './providers';
import { AppRouter } from './browser-router';

/** The SPA; `state` is what the server sent with the page (see `app-state.ts`). */
export function App({ state }: { state?: AppState }) {
  return (
    <AppProviders state={state}>
      <AppRouter hydrationData={state?.router} />
    </AppProviders>
  );
}
