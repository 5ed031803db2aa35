import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { QUEUES } from './queue-names.js';
import { WorkerRunner } from './worker-runner.js';

const registeredQueues = BullModule.registerQueue(
  ...Object.values(QUEUES).map((name) => ({ name })),
);

@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.REDIS_URL },
        prefix: config.QUEUE_PREFIX,
        defaultJobOptions: {
          attempts: config.JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: config.JOB_BACKOFF_MS },
          // Keep history within bounds: completed for a day, failed for a week, so operators can see them.
          removeOnComplete: { age: 24 * 3600, count: 1000 },
          removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
        },
      }),
    }),
    registeredQueues,
  ],
  exports: [registeredQueues],
})
export class QueueModule {
  /** With `runWorkers`, this process also consumes the queues (roles worker and all). */
  static forRoot(options: { runWorkers: boolean }): DynamicModule {
    return { module: QueueModule, providers: options.runWorkers ? [WorkerRunner] : [] };
  }
}
