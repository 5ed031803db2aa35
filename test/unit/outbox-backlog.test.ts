import { describe, expect, it } from '@jest/globals';
import { isOutboxStuck, outboxBacklogOf } from '../../src/modules/ops/outbox-backlog.js';

describe('the outbox backlog', () => {
  it('has no oldest age without backlog', () => {
    expect(outboxBacklogOf({ backlog: 0, oldest_age_seconds: null })).toStrictEqual({
      backlog: 0,
      oldestAgeSeconds: null,
    });
    expect(outboxBacklogOf(undefined)).toStrictEqual({ backlog: 0, oldestAgeSeconds: null });
  });

  it('reports the oldest age in tenths of a second, never below 0 (clock steps)', () => {
    expect(outboxBacklogOf({ backlog: 3, oldest_age_seconds: 12.3456 })).toStrictEqual({
      backlog: 3,
      oldestAgeSeconds: 12.3,
    });
    expect(outboxBacklogOf({ backlog: 1, oldest_age_seconds: -0.2 })).toStrictEqual({
      backlog: 1,
      oldestAgeSeconds: 0,
    });
  });

  it('is stuck only once the oldest owed row is older than the limit', () => {
    expect(isOutboxStuck({ backlog: 1, oldestAgeSeconds: 300 }, 300)).toBe(false);
    expect(isOutboxStuck({ backlog: 1, oldestAgeSeconds: 300.1 }, 300)).toBe(true);
    expect(isOutboxStuck({ backlog: 0, oldestAgeSeconds: null }, 300)).toBe(false);
  });

  it('is never stuck with the check turned off (0)', () => {
    expect(isOutboxStuck({ backlog: 5, oldestAgeSeconds: 86_400 }, 0)).toBe(false);
  });
});
