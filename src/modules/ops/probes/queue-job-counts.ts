import { getQueueToken } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bullmq';
import { QueueRegistry } from '../../../platform/queue/queue-registry.js';
import { withTimeout } from '../../../platform/runtime/with-timeout.js';
import type { QueueCountsByName } from '../health.contract.js';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Jobs per state of every queue, read from Redis with BullMQ's own counts. */
@Injectable()
export class QueueJobCounts {
  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly queues: QueueRegistry,
  ) {}

  async read(timeoutMs: number): Promise<QueueCountsByName> {
    const counts = Promise.all(
      this.queues.names.map(async (name) => {
        const raw = await this.queue(name).getJobCounts(...STATES);
        const byState = Object.fromEntries(STATES.map((state) => [state, raw[state] ?? 0]));
        return [name, byState] as const;
      }),
    );
    const entries = await withTimeout(
      counts,
      timeoutMs,
      `Redis did not count the jobs within ${timeoutMs} ms`,
    );
    return Object.fromEntries(entries) as QueueCountsByName;
  }

  private queue(name: string): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}
