import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** A TCP port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export async function getFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error('could not read the port of a probe listener'));
        return;
      }
      server.close(() => resolve(address.port));
    });
  });
}

/** A node:net, node:http or SMTP server: what listenLocally needs of it. */
interface LocalServer {
  listen(port: number, host: string, onListening: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** Starts `server` listening on 127.0.0.1:`port`; rejects when it cannot (the port is taken). */
export function listenLocally(server: LocalServer, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Whether something accepts TCP connections on host:port within timeoutMs. */
export async function probeTcp(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface PollOptions {
  timeoutMs: number;
  intervalMs?: number;
  /** Named in the timeout error. */
  what: string;
}

/**
 * Calls `check` until it returns a value other than undefined/false, or throws when timeoutMs has
 * passed. An exception thrown by `check` counts as "not yet"; the last one is quoted in the error.
 */
export async function pollUntil<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs, intervalMs = 100, what }: PollOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    await sleep(intervalMs);
  }
}

/** Rejects with a clear message when `promise` has not settled within timeoutMs. */
export async function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms: ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
