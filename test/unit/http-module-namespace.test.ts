/**
 * `import … from 'node:http'` without undici (platform/runtime/http-module-namespace.ts), in a Node
 * process of its own: Node builds a built-in's ESM namespace once per process.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';

const MODULE = path.resolve('src/platform/runtime/http-module-namespace.ts');

/** Runs `code` (an ES module) in a new Node process with tsx; returns what it printed, parsed. */
function runModule(code: string): Record<string, unknown> {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', code],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as Record<string, unknown>;
}

const REPORT = `
  const http = await import('node:http');
  const loaded = (id) => process.moduleLoadList.includes('NativeModule ' + id);
  console.log(JSON.stringify({
    undici: loaded('internal/deps/undici/undici'),
    statusCodes: http.STATUS_CODES[404],
    requireWebSocket: typeof (await import('node:module')).createRequire(import.meta.url)('node:http').WebSocket,
    globalWebSocket: typeof globalThis.WebSocket,
  }));`;

describe('the node:http namespace built without undici', () => {
  it('imports node:http without loading undici, and WebSocket still works where it is asked for', () => {
    const report = runModule(
      `const { buildHttpNamespaceWithoutUndici } = await import(${JSON.stringify(MODULE)});
       await buildHttpNamespaceWithoutUndici();
       ${REPORT}`,
    );
    expect(report).toStrictEqual({
      undici: false,
      statusCodes: 'Not Found',
      requireWebSocket: 'function',
      globalWebSocket: 'function',
    });
  });

  it('is needed: a plain import of node:http loads undici', () => {
    expect(runModule(REPORT).undici).toBe(true);
  });
});
