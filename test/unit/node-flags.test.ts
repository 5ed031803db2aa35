/**
 * A process takes its role's V8 settings by replacing itself once (execve, same pid); a second pass and
 * empty flags leave the process as it is.
 */
import { describe, expect, test } from '@jest/globals';
import {
  DEFAULT_API_NODE_FLAGS,
  DEFAULT_WORKER_NODE_FLAGS,
  relaunchWithItsFlags,
} from '../../src/platform/runtime/node-flags.js';

type Call = { file: string; args: string[]; env: NodeJS.ProcessEnv };

function run(argv: string[], env: NodeJS.ProcessEnv): Call[] {
  const calls: Call[] = [];
  relaunchWithItsFlags(['node', '/app/dist/server/main.js', ...argv], env, ((
    file: string,
    args: string[],
    execEnv: NodeJS.ProcessEnv,
  ) => {
    calls.push({ file, args, env: execEnv });
  }) as never);
  return calls;
}

describe('relaunchWithItsFlags', () => {
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
    const [call] = run([], { ROLE: 'worker' });
    expect(call!.args[1]).toBe(DEFAULT_WORKER_NODE_FLAGS.split(' ')[0]);
    const [api] = run(['--role=api'], { ROLE: 'worker' });
    expect(api!.args.slice(1, 2)).toEqual(DEFAULT_API_NODE_FLAGS.split(' '));
  });

  test('the api and all roles are relaunched with the API flags, and no malloc limit', () => {
    for (const argv of [['--role=api'], ['--role=all'], []]) {
      const [call, ...more] = run(argv, { PATH: '/bin' });
      expect(more).toEqual([]);
      expect(call!.args).toEqual([
        process.execPath,
        ...DEFAULT_API_NODE_FLAGS.split(' '),
        ...process.execArgv,
        '/app/dist/server/main.js',
        ...argv,
      ]);
      expect(call!.env.MALLOC_ARENA_MAX).toBeUndefined();
    }
  });

  test('the relaunched process itself is left alone', () => {
    for (const argv of [['--role=worker'], ['--role=api']]) {
      const [first] = run(argv, {});
      expect(run(argv, first!.env)).toHaveLength(0);
    }
  });

  test('WORKER_NODE_FLAGS replaces the flags; empty, it turns the relaunch off', () => {
    const [call] = run(['--role=worker'], { WORKER_NODE_FLAGS: '--max-old-space-size=200' });
    expect(call!.args[1]).toBe('--max-old-space-size=200');
    expect(run(['--role=worker'], { WORKER_NODE_FLAGS: '' })).toHaveLength(0);
  });

  test('API_NODE_FLAGS replaces the API flags; empty, it turns the relaunch off', () => {
    const [call] = run(['--role=api'], { API_NODE_FLAGS: '--max-old-space-size=300' });
    expect(call!.args[1]).toBe('--max-old-space-size=300');
    expect(run([], { API_NODE_FLAGS: ' ' })).toHaveLength(0);
  });

  test('an operator’s MALLOC_ARENA_MAX is kept', () => {
    const [call] = run(['--role=worker'], { MALLOC_ARENA_MAX: '4' });
    expect(call!.env.MALLOC_ARENA_MAX).toBe('4');
  });
});
