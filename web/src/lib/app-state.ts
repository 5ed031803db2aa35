import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { jsonForScript } from './seo/json-script';

export const APP_STATE_ELEMENT_ID = 'app-state';

/**
 * What the server hands the SPA in every HTML page (a JSON `<script>` after the root element): the
 * site's configuration and, for a server-rendered page, what the page was rendered with.
 */
export interface AppState {
  publicUrl: string;
  /** A demo shop: payments go to the built-in PayPal simulator and move no money. */
  simulatedPayments?: boolean;
  /** The TanStack Query cache the page was rendered with (the content, a visitor's session). */
  queries?: DehydratedState;
  /** React Router's state for hydration; present when the root element holds a rendered page. */
  router?: HydrationState;
}

/** The element carrying the state: escaped so no text in it can end the element. */
export function appStateHtml(state: AppState): string {
  return `<script type="application/json" id="${APP_STATE_ELEMENT_ID}">${jsonForScript(state)}</script>`;
}

/** The page's state, if the server sent one (not under `vite dev`). */
export function readAppState(document: Document): AppState | undefined {
  const text = document.getElementById(APP_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AppState;
  } catch {
    return undefined;
  }
}
