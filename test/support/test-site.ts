import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TestSiteRoute = (request: IncomingMessage, response: ServerResponse) => void;

export interface TestSite {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Requests received, as `METHOD /path`, in order. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A tiny website on 127.0.0.1 at a random port, for the SEO check's fetcher and its journeys: each
 * path answers with its route; any other path is a 404.
 */
export async function startTestSite(routes: Record<string, TestSiteRoute>): Promise<TestSite> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    requests.push(`${request.method} ${path}`);
    const route = routes[path];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A route answering HTML. */
export const html =
  (body: string, headers: Record<string, string> = {}): TestSiteRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
  };

/** A route answering a redirect. */
export const redirect =
  (location: string, status = 302): TestSiteRoute =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

/** A route answering plain text. */
export const text =
  (body: string, status = 200): TestSiteRoute =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };
