/**
 * A TCP proxy on 127.0.0.1 in front of a service (e.g. Redis). `pause()` closes the listener and
 * destroys every open connection, so the service looks unreachable (connections are refused);
 * `resume()` listens again on the same port.
 */
import net from 'node:net';
import { getFreePort, listenLocally } from './net.js';

export interface TcpProxy {
  port: number;
  /** Rewrites a redis://, postgres://… URL so that it goes through the proxy (keeps path, auth). */
  proxiedUrl(url: string): string;
  readonly paused: boolean;
  /** Open client connections right now. */
  readonly connectionCount: number;
  pause(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export interface StartTcpProxyOptions {
  targetHost: string;
  targetPort: number;
  /** Defaults to a free port. */
  port?: number;
}

export async function startTcpProxy(options: StartTcpProxyOptions): Promise<TcpProxy> {
  const port = options.port ?? (await getFreePort());
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  let server: net.Server | undefined;
  let paused = true;

  const onConnection = (client: net.Socket) => {
    const upstream = net.connect({ host: options.targetHost, port: options.targetPort });
    sockets.add(client);
    sockets.add(upstream);
    clients.add(client);
    const teardown = () => {
      client.destroy();
      upstream.destroy();
      clients.delete(client);
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', teardown);
    upstream.on('error', teardown);
    client.on('close', teardown);
    upstream.on('close', teardown);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = async () => {
    const listener = net.createServer(onConnection);
    await listenLocally(listener, port);
    server = listener;
    paused = false;
  };

  const stopListening = async () => {
    const listener = server;
    server = undefined;
    paused = true;
    const closed = listener
      ? new Promise<void>((resolve) => listener.close(() => resolve()))
      : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    clients.clear();
    await closed;
  };

  await listen();

  return {
    port,
    proxiedUrl(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    get paused() {
      return paused;
    },
    get connectionCount() {
      return clients.size;
    },
    pause: async () => {
      if (!paused) await stopListening();
    },
    resume: async () => {
      if (paused) await listen();
    },
    close: stopListening,
  };
}
