import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FailureStreak } from '../../src/modules/ops/failure-streak.js';

describe('readiness failure streak', () => {
  it('reports a check down only at the threshold-th failure in a row', () => {
    const streak = new FailureStreak(3);
    assert.equal(streak.record(false), 'failing');
    assert.equal(streak.down, false);
    assert.equal(streak.record(false), undefined);
    assert.equal(streak.down, false);
    assert.equal(streak.record(false), 'down');
    assert.equal(streak.down, true);
    assert.equal(streak.record(false), undefined, 'no new change while it stays down');
    assert.equal(streak.consecutiveFailures, 4);
  });

  it('starts over after one success', () => {
    const streak = new FailureStreak(3);
    streak.record(false);
    streak.record(false);
    assert.equal(streak.record(true), 'recovered');
    assert.equal(streak.consecutiveFailures, 0);
    assert.equal(streak.record(false), 'failing');
    assert.equal(streak.record(false), undefined);
    assert.equal(streak.down, false, 'two failures after a success are not three in a row');
  });

  it('is back up at the first success after being down', () => {
    const streak = new FailureStreak(2);
    streak.record(false);
    streak.record(false);
    assert.equal(streak.record(true), 'back-up');
    assert.equal(streak.down, false);
    assert.equal(streak.record(true), undefined);
  });

  it('with a threshold of 1, the first failure is down', () => {
    const streak = new FailureStreak(1);
    assert.equal(streak.record(false), 'down');
    assert.equal(streak.down, true);
  });
});
