/**
 * A `redis-server` of the test's own (from PATH), which the test may SIGKILL and start again on the same
 * port and data directory, as an operator's Redis that crashes and comes back.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { getFreePort, pollUntil } from './net.js';

export interface OwnRedis {
  url: string;
  /** SIGKILL: whatever it had not written to its data directory is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory. */
  start(): Promise<void>;
  /** Stops it and removes its data directory. */
  close(): Promise<void>;
}

export interface OwnRedisOptions {
  /** Extra redis-server arguments, e.g. ['--appendonly', 'yes', '--appendfsync', 'everysec']. */
  args?: string[];
}

export async function startOwnRedis(options: OwnRedisOptions = {}): Promise<OwnRedis> {
  const port = await getFreePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'test-own-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const exited = (process: ChildProcess) =>
    process.exitCode !== null || process.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => process.once('exit', () => resolve()));

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--dir', dir];
    const started = spawn('redis-server', [...args, ...(options.args ?? [])], {
      stdio: 'ignore',
    });
    child = started;
    process.once('exit', () => started.kill('SIGKILL'));
    await pollUntil(
      async () => {
        const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
        client.on('error', () => undefined);
        try {
          await client.connect();
          return (await client.ping()) === 'PONG';
        } catch {
          return false;
        } finally {
          client.disconnect();
        }
      },
      { timeoutMs: 15_000, intervalMs: 100, what: `redis-server on port ${port}` },
    );
  };

  const kill = async () => {
    if (!child) return;
    const dying = exited(child);
    child.kill('SIGKILL');
    await dying;
    child = undefined;
  };

  await start();
  return {
    url,
    kill,
    start,
    close: async () => {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
