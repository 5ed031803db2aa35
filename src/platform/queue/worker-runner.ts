import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { getQueueToken } from '@nestjs/bullmq';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import { type Queue, Worker, type WorkerOptions } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { QueueName } from './queue-names.js';
import { type JobProcessor, QueueProcessor } from './queue-processor.decorator.js';
import { ScheduledSweep, type SweepSchedule } from './scheduled-sweep.js';

/** Every queue's consumer settings (the benchmark's no-op worker uses them too). */
export function workerOptions(
  config: Pick<
    AppConfig,
    'REDIS_URL' | 'QUEUE_PREFIX' | 'QUEUE_LOCK_DURATION_MS' | 'QUEUE_STALLED_INTERVAL_MS'
  >,
): WorkerOptions {
  return {
    connection: { url: config.REDIS_URL },
    prefix: config.QUEUE_PREFIX,
    concurrency: 5,
    lockDuration: config.QUEUE_LOCK_DURATION_MS,
    stalledInterval: config.QUEUE_STALLED_INTERVAL_MS,
    maxStalledCount: 2,
  };
}

/**
 * Starts one BullMQ worker per @QueueProcessor provider (worker role only) with the configured lock and
 * stall settings, and the job scheduler of each ScheduledSweep; on shutdown lets the jobs in hand
 * finish before the process exits.
 */
@Injectable()
export class WorkerRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerRunner.name);
  private readonly workers: Worker[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly moduleRef: ModuleRef,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const started: QueueName[] = [];
    for (const wrapper of this.discovery.getProviders({ metadataKey: QueueProcessor.KEY })) {
      const queue = this.discovery.getMetadataByDecorator(QueueProcessor, wrapper);
      const processor = wrapper.instance as JobProcessor | undefined;
      if (!queue || !processor) continue;
      const options = workerOptions(this.config);
      if (processor.concurrency !== undefined) options.concurrency = processor.concurrency;
      const worker = new Worker(queue, (job) => processor.process(job), options);
      worker.on('failed', (job, error) => {
        const final = !job || job.attemptsMade >= (job.opts.attempts ?? 1);
        const context = { queue, jobId: job?.id, job: job?.name, attempt: job?.attemptsMade };
        if (final) this.logger.error({ ...context, err: error }, 'Job failed for good');
        else this.logger.warn({ ...context, err: error }, 'Job failed; it will be retried');
      });
      worker.on('error', (error) =>
        this.logger.warn({ queue, err: error }, 'Worker connection error'),
      );
      await worker.waitUntilReady();
      this.workers.push(worker);
      started.push(queue);
      if (processor instanceof ScheduledSweep) await this.schedule(queue, processor.schedule);
    }
    // One line for them all: a first start's output stays short enough to read.
    if (started.length > 0)
      this.logger.log({ queues: started }, `${started.length} workers started`);
  }

  private async schedule(name: QueueName, { id, everyMs }: SweepSchedule): Promise<void> {
    const queue = this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
    if (everyMs === undefined) await queue.removeJobScheduler(id);
    // One scheduler however many workers start: upserting it is idempotent.
    else await queue.upsertJobScheduler(id, { every: everyMs }, { name: id });
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
