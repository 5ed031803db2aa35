import { describe, expect, it } from '@jest/globals';
import { isOutboxStuck, outboxBacklogOf } from '../../src/modules/ops/outbox-backlog.js';

const row = (backlog: number, oldest: number | null, lastSettled: number | null = null) => ({
  backlog,
  oldest_age_seconds: oldest,
  last_settled_age_seconds: lastSettled,
});

describe('the outbox backlog', () => {
  it('has no oldest age without backlog', () => {
    expect(outboxBacklogOf(row(0, null, 4))).toStrictEqual({
      backlog: 0,
      oldestAgeSeconds: null,
      lastSettledAgeSeconds: 4,
    });
    expect(outboxBacklogOf(undefined)).toStrictEqual({
      backlog: 0,
      oldestAgeSeconds: null,
      lastSettledAgeSeconds: null,
    });
  });

  it('reports ages in tenths of a second, never below 0 (clock steps)', () => {
    expect(outboxBacklogOf(row(3, 12.3456, 0.04))).toStrictEqual({
      backlog: 3,
      oldestAgeSeconds: 12.3,
      lastSettledAgeSeconds: 0,
    });
    expect(outboxBacklogOf(row(1, -0.2, -1))).toStrictEqual({
      backlog: 1,
      oldestAgeSeconds: 0,
      lastSettledAgeSeconds: 0,
    });
  });

  it('is stuck once the oldest owed row is older than the limit and nothing settled within it', () => {
    const backlog = (oldestAgeSeconds: number | null, lastSettledAgeSeconds: number | null) => ({
      backlog: oldestAgeSeconds === null ? 0 : 1,
      oldestAgeSeconds,
      lastSettledAgeSeconds,
    });
    expect(isOutboxStuck(backlog(300, null), 300)).toBe(false);
    expect(isOutboxStuck(backlog(300.1, null), 300)).toBe(true);
    expect(isOutboxStuck(backlog(900, 301), 300)).toBe(true);
    expect(isOutboxStuck(backlog(null, null), 300)).toBe(false);
  });

  it('is not stuck while owed work is being done (a long newsletter)', () => {
    expect(
      isOutboxStuck({ backlog: 5000, oldestAgeSeconds: 1200, lastSettledAgeSeconds: 0.5 }, 300),
    ).toBe(false);
    expect(
      isOutboxStuck({ backlog: 5000, oldestAgeSeconds: 1200, lastSettledAgeSeconds: 300 }, 300),
    ).toBe(false);
  });

  it('is never stuck with the check turned off (0)', () => {
    expect(
      isOutboxStuck({ backlog: 5, oldestAgeSeconds: 86_400, lastSettledAgeSeconds: null }, 0),
    ).toBe(false);
  });
});
