import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import type { QueueName } from './queue-names.js';

/** Marks a provider whose `process(job)` consumes a queue when the process runs the worker role. */
export const QueueProcessor = DiscoveryService.createDecorator<QueueName>();

export interface JobProcessor {
  process(job: Job): Promise<unknown>;
  /** Jobs of this queue one worker process runs at once, when not the default. */
  readonly concurrency?: number;
}
