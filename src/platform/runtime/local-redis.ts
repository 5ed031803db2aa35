import { spawn, spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { LocalService } from './local-postgres.js';

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** True when something answers the Redis PING at host:port. */
export function redisAnswers(host: string, port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

export class RedisUnavailableError extends Error {
  constructor() {
    super(
      'Redis is required: set REDIS_URL, run Redis on 127.0.0.1:6379, or install redis-server ' +
        '(e.g. `apt-get install redis-server`) so it can be started under DATA_DIR.',
    );
  }
}

/** Zero-config start: 127.0.0.1:6379 if it answers, else a redis-server child with its data under DATA_DIR. */
export async function findOrStartLocalRedis(
  dataDir: string,
  port: number,
  log: Logger,
): Promise<LocalService> {
  if (await redisAnswers('127.0.0.1', 6379)) {
    log.info('Using the Redis on 127.0.0.1:6379');
    return { url: DEFAULT_REDIS_URL, stop: async () => {} };
  }
  if (!redisServerOnPath()) throw new RedisUnavailableError();
  const dir = path.resolve(dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  const child = spawn(
    'redis-server',
    [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--maxmemory-policy',
      'noeviction',
      '--save',
      '',
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 50; attempt++) {
    if (await redisAnswers('127.0.0.1', port)) {
      log.info({ port, dir }, 'Started redis-server');
      return {
        url: `redis://127.0.0.1:${port}`,
        stop: async () => {
          child.kill('SIGTERM');
        },
      };
    }
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new RedisUnavailableError();
}
