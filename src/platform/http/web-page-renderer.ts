/** One HTML page of the web app, answering a GET outside the API. */
export interface WebPage {
  status: number;
  html: string;
  headers?: Record<string, string>;
}

/**
 * Renders the web app's pages from the built index.html; provided by a module (see
 * `HttpModule.forRoot`). Without one, every page is the SPA's index.html as built.
 */
export interface WebPageRenderer {
  /** `path`: the request's path and query, as received. Never rejects: it falls back to the SPA. */
  render(path: string, indexHtml: string): Promise<WebPage>;
}

export const WEB_PAGE_RENDERER = Symbol('WEB_PAGE_RENDERER');
