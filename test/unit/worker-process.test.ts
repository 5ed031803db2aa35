/**
 * A worker process takes its V8 settings by replacing itself once (execve, same pid); the other roles,
 * a second pass and an empty WORKER_NODE_FLAGS leave the process as it is.
 */
import { describe, expect, test } from '@jest/globals';
import {
  DEFAULT_WORKER_NODE_FLAGS,
  relaunchWorkerWithItsFlags,
} from '../../src/platform/runtime/worker-process.js';

type Call = { file: string; args: string[]; env: NodeJS.ProcessEnv };

function run(argv: string[], env: NodeJS.ProcessEnv): Call[] {
  const calls: Call[] = [];
  relaunchWorkerWithItsFlags(['node', '/app/dist/server/main.js', ...argv], env, ((
    file: string,
    args: string[],
    execEnv: NodeJS.ProcessEnv,
  ) => {
    calls.push({ file, args, env: execEnv });
  }) as never);
  return calls;
}

describe('relaunchWorkerWithItsFlags', () => {
  test('a worker is relaunched with the worker flags, its arguments and two malloc arenas', () => {
    const [call, ...more] = run(['--role=worker'], { PATH: '/bin' });
    expect(more).toEqual([]);
    expect(call!.file).toBe(process.execPath);
    expect(call!.args).toEqual([
      process.execPath,
      ...DEFAULT_WORKER_NODE_FLAGS.split(' '),
      ...process.execArgv,
      '/app/dist/server/main.js',
      '--role=worker',
    ]);
    expect(call!.env).toMatchObject({ PATH: '/bin', MALLOC_ARENA_MAX: '2' });
  });

  test('ROLE=worker counts unless the command line names another role', () => {
    expect(run([], { ROLE: 'worker' })).toHaveLength(1);
    expect(run(['--role=api'], { ROLE: 'worker' })).toHaveLength(0);
  });

  test('the api and all roles, and the relaunched worker itself, are left alone', () => {
    expect(run(['--role=api'], {})).toHaveLength(0);
    expect(run([], {})).toHaveLength(0);
    const [first] = run(['--role=worker'], {});
    expect(run(['--role=worker'], first!.env)).toHaveLength(0);
  });

  test('WORKER_NODE_FLAGS replaces the flags; empty, it turns the relaunch off', () => {
    const [call] = run(['--role=worker'], { WORKER_NODE_FLAGS: '--max-old-space-size=200' });
    expect(call!.args[1]).toBe('--max-old-space-size=200');
    expect(run(['--role=worker'], { WORKER_NODE_FLAGS: '' })).toHaveLength(0);
  });

  test('an operator’s MALLOC_ARENA_MAX is kept', () => {
    const [call] = run(['--role=worker'], { MALLOC_ARENA_MAX: '4' });
    expect(call!.env.MALLOC_ARENA_MAX).toBe('4');
  });
});
