import { describe, expect, it } from '@jest/globals';
import { FailureStreak } from '../../src/modules/ops/failure-streak.js';

describe('readiness failure streak', () => {
  it('reports a check down only at the threshold-th failure in a row', () => {
    const streak = new FailureStreak(3);
    expect(streak.record(false)).toBe('failing');
    expect(streak.down).toBe(false);
    expect(streak.record(false)).toBe(undefined);
    expect(streak.down).toBe(false);
    expect(streak.record(false)).toBe('down');
    expect(streak.down).toBe(true);
    expect(streak.record(false)).toBe(undefined); // no new change while it stays down
    expect(streak.consecutiveFailures).toBe(4);
  });

  it('starts over after one success', () => {
    const streak = new FailureStreak(3);
    streak.record(false);
    streak.record(false);
    expect(streak.record(true)).toBe('recovered');
    expect(streak.consecutiveFailures).toBe(0);
    expect(streak.record(false)).toBe('failing');
    expect(streak.record(false)).toBe(undefined);
    expect(streak.down).toBe(false); // two failures after a success are not three in a row
  });

  it('is back up at the first success after being down', () => {
    const streak = new FailureStreak(2);
    streak.record(false);
    streak.record(false);
    expect(streak.record(true)).toBe('back-up');
    expect(streak.down).toBe(false);
    expect(streak.record(true)).toBe(undefined);
  });

  it('with a threshold of 1, the first failure is down', () => {
    const streak = new FailureStreak(1);
    expect(streak.record(false)).toBe('down');
    expect(streak.down).toBe(true);
  });
});
