import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import type { QueueDefinition } from './queue-names.js';
import { QueueRegistry } from './queue-registry.js';
import { WorkerRunner } from './worker-runner.js';

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
  ],
})
export class QueueModule {
  /**
   * Every queue of the product (platform's and the modules', listed by the composition root), each
   * injectable by `@InjectQueue(name)`, and their registry. With `runWorkers`, this process also
   * consumes the queues (roles worker and all).
   */
  static forRoot(options: {
    queues: readonly QueueDefinition[];
    runWorkers: boolean;
  }): DynamicModule {
    const queues = BullModule.registerQueue(...options.queues.map(({ name }) => ({ name })));
    const registry = { provide: QueueRegistry, useValue: new QueueRegistry(options.queues) };
    return {
      module: QueueModule,
      imports: [queues],
      providers: [registry, ...(options.runWorkers ? [WorkerRunner] : [])],
      exports: [queues, registry],
    };
  }
}
