/** What a page gate answers before a page is rendered: a redirect, or 410 Gone. */
export type PageGateDecision =
  { kind: 'redirect'; status: 301 | 302; location: string } | { kind: 'gone' };

/** A page request as a gate sees it. */
export interface PageVisit {
  /** The request's path and query, as received. */
  url: string;
  /** The Referer header, if any. */
  referrer: string | undefined;
  /** The client's IP (TRUST_PROXY honoured). */
  ip: string;
}

/**
 * A provider that sees the web app's page requests (GET/HEAD outside /api and the built assets): it
 * may answer one before it is rendered, and hears of every one that answered 404. A module lists it in
 * its providers; `WebPages` finds the loaded one (platform code imports no module). Neither method
 * may reject: a gate that fails lets the page be served as usual.
 */
export abstract class PageGate {
  abstract decide(visit: PageVisit): Promise<PageGateDecision | undefined>;
  abstract notFound(visit: PageVisit): Promise<void>;
}
