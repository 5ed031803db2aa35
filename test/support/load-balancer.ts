/**
 * A small HTTP load balancer for tests: one address (the product's PUBLIC_URL) in front of several API
 * processes, each request going to the next backend in turn, as nginx or a cloud balancer would send
 * it, with the client's address appended to X-Forwarded-For (so the apps run with TRUST_PROXY=127.0.0.1).
 * Bodies and answers are streamed both ways, so server-sent events pass through too.
 *
 *   const lb = await startLoadBalancer();          // its port is known before the apps start
 *   startApp({ env: { PUBLIC_URL: lb.url } });     // e-mail links, PayPal's webhooks… come back through it
 *   lb.setBackends([a.baseUrl, b.baseUrl]);
 *   await lb.close();
 */
import http from 'node:http';
import { getFreePort, listenLocally } from './net.js';

export interface LoadBalancer {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** The backends' base URLs (http://host:port), used in turn from now on. */
  setBackends(urls: string[]): void;
  /** How many requests each backend was sent so far, by base URL. */
  readonly sent: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

/** Hop-by-hop headers (RFC 9110, 7.6.1) are the proxy's own: never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

export async function startLoadBalancer(options: { port?: number } = {}): Promise<LoadBalancer> {
  const port = options.port ?? (await getFreePort());
  let backends: URL[] = [];
  let next = 0;
  const sent = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((request, response) => {
    const backend = backends[next++ % Math.max(backends.length, 1)];
    if (!backend) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('no backend');
      return;
    }
    sent.set(backend.origin, (sent.get(backend.origin) ?? 0) + 1);
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const client = request.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    const forwarded = request.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${client}` : client;
    const upstream = http.request(
      {
        host: backend.hostname,
        port: backend.port,
        method: request.method,
        path: request.url,
        headers,
        agent,
      },
      (answer) => {
        const answerHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answerHeaders[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
        answer.on('error', () => response.destroy());
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
      response.end('bad gateway');
    });
    // A client that goes away (a closed event stream) ends the backend's request too.
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await listenLocally(server, port);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setBackends(urls) {
      backends = urls.map((url) => new URL(url));
      next = 0;
    },
    sent,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
