import type { JobsOptions } from 'bullmq';
import type { QueueDefinition, QueueName } from './queue-names.js';

/** Every queue of the product (given to QueueModule.forRoot by the composition root). */
export class QueueRegistry {
  constructor(readonly definitions: readonly QueueDefinition[]) {}

  get names(): QueueName[] {
    return this.definitions.map((definition) => definition.name);
  }

  has(name: string): boolean {
    return this.definitions.some((definition) => definition.name === name);
  }

  jobOptions(name: string): JobsOptions | undefined {
    return this.definitions.find((definition) => definition.name === name)?.jobOptions;
  }
}
