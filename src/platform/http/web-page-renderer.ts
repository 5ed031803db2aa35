/** A content coding a prepared page is kept in (`identity`: as is). */
export type PageCoding = 'identity' | 'br' | 'gzip';

/** One coding of a prepared page: its bytes and their strong ETag. */
export interface EncodedPageBody {
  body: Buffer;
  etag: string;
}

/** One HTML page of the web app, answering a GET outside the API. */
export type WebPage = {
  status: number;
  headers?: Record<string, string>;
} & (
  | { html: string }
  /** Kept ready to send: one body per coding, chosen by Accept-Encoding (304 on If-None-Match). */
  | { bodies: Record<PageCoding, EncodedPageBody> }
);

/**
 * Renders the web app's pages from the built index.html; provided by a module (see
 * `HttpModule.forRoot`). Without one, every page is the SPA's index.html as built.
 */
export interface WebPageRenderer {
  /** `path`: the request's path and query, as received. Never rejects: it falls back to the SPA. */
  render(path: string, indexHtml: string): Promise<WebPage>;
}

export const WEB_PAGE_RENDERER = Symbol('WEB_PAGE_RENDERER');
