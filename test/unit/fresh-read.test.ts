import { describe, expect, it } from '@jest/globals';
import { FreshRead } from '../../src/platform/database/fresh-read.js';

/** A source whose reads the test finishes one by one, each returning the value current at its start. */
function source() {
  let value = 0;
  const pending: (() => void)[] = [];
  const loads: number[] = [];
  const load = () => {
    const seen = value;
    loads.push(seen);
    return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
  };
  return {
    read: new FreshRead(load),
    set: (next: number) => (value = next),
    finishNext: async () => {
      pending.shift()!();
      // Let the settled read hand over to the next one.
      for (let tick = 0; tick < 5; tick += 1) await Promise.resolve();
    },
    loads,
  };
}

describe('a read shared by those who asked before it started', () => {
  it('answers a caller who asked during a read with a read begun after it asked', async () => {
    const db = source();
    const first = db.read.read();
    db.set(1); // committed after the first read began, before the second caller asked
    const second = db.read.read();
    const third = db.read.read();
    await db.finishNext();
    expect(await first).toBe(0);
    await db.finishNext();
    expect([await second, await third]).toStrictEqual([1, 1]);
    // Three callers, two reads.
    expect(db.loads).toStrictEqual([0, 1]);
  });

  it('reads again for a caller who comes after the reads settled', async () => {
    const db = source();
    const first = db.read.read();
    await db.finishNext();
    db.set(5);
    const later = db.read.read();
    await db.finishNext();
    expect([await first, await later]).toStrictEqual([0, 5]);
  });

  it('passes a failed read to its callers only', async () => {
    let fail = true;
    const read = new FreshRead(async () => {
      if (fail) throw new Error('connection refused');
      return 1;
    });
    await expect(read.read()).rejects.toThrow('connection refused');
    fail = false;
    await expect(read.read()).resolves.toBe(1);
  });
});
