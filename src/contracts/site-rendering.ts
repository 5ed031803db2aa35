import type { ContentSnapshot } from './content/index.js';
import type { Session } from './identity.js';

/**
 * The server-side renderer of the public pages (web/src/entry-server.tsx, built into dist/web-ssr) as
 * the server sees it: what it is given for one request and what it answers.
 */
export interface SiteRenderInput {
  /** The requested path and query, as received (`/pricing/?ref=ad`). */
  path: string;
  /** PUBLIC_URL without a trailing slash: canonical URLs and structured data are absolute. */
  publicUrl: string;
  /** PAYPAL_MODE=simulator: a demo shop where no payment moves money, which every page says. */
  simulatedPayments: boolean;
  /** What a server-rendered page renders with (not read for the pages the browser renders). */
  loadData(): Promise<SiteRenderData>;
}

export interface SiteRenderData {
  /** The same snapshot `GET /api/content` serves. */
  content: ContentSnapshot;
  /** The session as a signed-out visitor sees it: the pages render the same for everyone. */
  visitorSession: Session;
}

/** The parts of the HTML document the renderer fills in; the server puts them into the built index.html. */
export type SiteRenderResult =
  | {
      /** Signed-in and admin pages: the SPA renders them in the browser, and they are not indexed. */
      kind: 'client-only';
      /** Tags added to `<head>` (`<meta name="robots" content="noindex">`). */
      head: string;
      /** The page's state (`<script type="application/json">`), placed after the root element. */
      state: string;
    }
  | {
      kind: 'page';
      /** 404 for the not-found page. */
      status: 200 | 404;
      /** `<title>`, meta, canonical, Open Graph, JSON-LD…: replaces the template's title and description. */
      head: string;
      /** The rendered page, inside the root element. */
      body: string;
      state: string;
      /** The SPA's source modules the page renders (`src/app/routes/pricing.tsx`): their CSS and chunks. */
      modules: string[];
    };

/**
 * What a path shows, decided by matching the routes alone (no data, no rendering): how the server
 * caches the page before rendering it.
 */
export type SitePageLocation =
  | { kind: 'client-only' }
  | {
      kind: 'page';
      /**
       * Paths with the same key render the same HTML: a page's spellings (`/Pricing`, `/pricing/`)
       * share one, and so does every unknown path a route answers with the not-found page.
       */
      key: string;
      /** The path and query to render it at: the request's, without what the page does not read. */
      path: string;
    };

export interface SiteRenderer {
  locateSitePage(path: string): SitePageLocation;
  renderSitePage(input: SiteRenderInput): Promise<SiteRenderResult>;
}
