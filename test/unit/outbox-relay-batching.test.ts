import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ModuleRef } from '@nestjs/core';
import type { AppConfig } from '../../src/platform/config/app-config.js';
import { OutboxRelay } from '../../src/platform/outbox/outbox-relay.js';
import type { QueueRegistry } from '../../src/platform/queue/queue-registry.js';

/** A relay whose batches the test finishes one by one (no database, no Redis), under fake timers. */
function relay() {
  const config = { OUTBOX_POLL_INTERVAL_MS: 60_000 } as AppConfig;
  const subject = new OutboxRelay(
    {} as EntityManager,
    {} as ModuleRef,
    {} as QueueRegistry,
    config,
  );
  const pending: (() => void)[] = [];
  const drains = jest
    .spyOn(subject, 'dispatchBatch')
    .mockImplementation(() => new Promise<number>((resolve) => pending.push(() => resolve(2))));
  return {
    subject,
    drains,
    finishBatch: async () => {
      pending.shift()!();
      for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
    },
  };
}

describe('the outbox relay under load', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('publishes the commit of a quiet relay at once', () => {
    const { subject, drains } = relay();
    subject.kick();
    expect(drains).toHaveBeenCalledTimes(1);
  });

  it('publishes the commits made during a drain in one later batch, not one batch each', async () => {
    const { subject, drains, finishBatch } = relay();
    subject.kick();
    for (let commit = 0; commit < 5; commit += 1) subject.kick();
    await finishBatch();
    // The commits made meanwhile wait a moment for more to join them...
    expect(drains).toHaveBeenCalledTimes(1);
    subject.kick();
    subject.kick();
    jest.advanceTimersByTime(10);
    // ...and then all go out in one drain.
    expect(drains).toHaveBeenCalledTimes(2);
    await finishBatch();
    await subject.onApplicationShutdown();
  });
});
