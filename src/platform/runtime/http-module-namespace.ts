import { createRequire } from 'node:module';

/** `node:http`'s exports that are getters loading undici (Node's bundled fetch and WebSocket client). */
const UNDICI_GETTERS = ['WebSocket', 'CloseEvent', 'MessageEvent'] as const;

/**
 * Makes `import … from 'node:http'` cheap: Node builds a built-in module's ESM namespace once, from
 * every export's value, and three of `node:http`'s are getters that load undici (≈ 1 MB of source, the
 * web streams and HTTP/2 behind it) — so one `import { STATUS_CODES } from 'http'` (Nest's exception
 * filter has one) loads all of it in a process that never opens a WebSocket. Built here, with those
 * three masked while it is made, the namespace leaves them undefined; `require('node:http').WebSocket`
 * and the global `WebSocket` still work as before. Call it before anything imports `node:http`.
 */
export async function buildHttpNamespaceWithoutUndici(): Promise<void> {
  const http = createRequire(import.meta.url)('node:http') as Record<string, unknown>;
  const saved = UNDICI_GETTERS.map(
    (name) => [name, Object.getOwnPropertyDescriptor(http, name)] as const,
  );
  for (const [name, descriptor] of saved) {
    if (descriptor?.configurable && descriptor.get) {
      Object.defineProperty(http, name, { configurable: true, enumerable: true, value: undefined });
    }
  }
  try {
    await import('node:http');
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(http, name, descriptor);
    }
  }
}
