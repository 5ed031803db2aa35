import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import { QUEUES } from '../queue/queue-names.js';
import { type JobProcessor, QueueProcessor } from '../queue/queue-processor.decorator.js';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from './domain-event.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from './domain-event-handler.decorator.js';

/** Hands each event job to every handler of its type. Handlers must be idempotent: a retry runs all. */
@Injectable()
@QueueProcessor(QUEUES.domainEvents)
export class DomainEventsProcessor implements JobProcessor, OnModuleInit {
  private readonly handlers = new Map<DomainEventType, DomainEventHandler<DomainEventType>[]>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: HandlesDomainEvent.KEY })) {
      const type = this.discovery.getMetadataByDecorator(HandlesDomainEvent, wrapper);
      if (!type || !wrapper.instance) continue;
      const list = this.handlers.get(type) ?? [];
      list.push(wrapper.instance as DomainEventHandler<DomainEventType>);
      this.handlers.set(type, list);
    }
    const unhandled = DOMAIN_EVENT_TYPES.filter((type) => !this.handlers.has(type));
    if (unhandled.length > 0) {
      throw new Error(`Domain events without a handler: ${unhandled.join(', ')}`);
    }
  }

  async process(job: Job<DomainEventJob>): Promise<void> {
    const handlers = this.handlers.get(job.data.type);
    if (!handlers) throw new Error(`No handler for domain event ${job.data.type}`);
    for (const handler of handlers) await handler.handle(job.data);
  }
}
