import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Job } from 'bullmq';
import { PLATFORM_QUEUES } from '../queue/queue-names.js';
import { type JobProcessor, QueueProcessor } from '../queue/queue-processor.decorator.js';
import { type DomainEventType, registeredDomainEventTypes } from './domain-event.js';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from './domain-event-handler.decorator.js';
import { OutboxLedger } from './outbox-ledger.js';
import { OutboxRelay } from './outbox-relay.js';

interface NamedHandler {
  /** The key under which its processed events are recorded: keep a handler's class name stable. */
  name: string;
  handler: DomainEventHandler<DomainEventType>;
}

/**
 * Hands each event job to every handler of its type, each at most once per event (the ledger records
 * it in the handler's transaction), then confirms the event so the relay stops publishing it. A retry
 * after a partial failure runs only the handlers that have not succeeded yet. The event handled is the
 * one in its outbox row (the job only names it): a job that names no row is refused, one whose row is
 * settled does nothing.
 */
@Injectable()
@QueueProcessor(PLATFORM_QUEUES.domainEvents.name)
export class DomainEventsProcessor implements JobProcessor, OnModuleInit {
  private readonly handlers = new Map<DomainEventType, NamedHandler[]>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly ledger: OutboxLedger,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders({ metadataKey: HandlesDomainEvent.KEY })) {
      const type = this.discovery.getMetadataByDecorator(HandlesDomainEvent, wrapper);
      if (!type || !wrapper.instance) continue;
      const handler = wrapper.instance as DomainEventHandler<DomainEventType>;
      const list = this.handlers.get(type) ?? [];
      if (list.some((known) => known.name === handler.constructor.name)) {
        throw new Error(`Two handlers of ${type} are named ${handler.constructor.name}`);
      }
      list.push({ name: handler.constructor.name, handler });
      this.handlers.set(type, list);
    }
    const unhandled = registeredDomainEventTypes().filter((type) => !this.handlers.has(type));
    if (unhandled.length > 0) {
      throw new Error(`Domain events without a handler: ${unhandled.join(', ')}`);
    }
  }

  async process(job: Job<DomainEventJob>): Promise<void> {
    await this.ledger.attempt(job, async () => {
      // The event is the outbox row's, never the job's copy: a job no row backs is refused.
      const owed = await this.ledger.owedEvent(job, PLATFORM_QUEUES.domainEvents.name);
      if (owed.settled) return;
      const event: DomainEventJob = {
        id: String(job.id),
        type: owed.type as DomainEventType,
        occurredAt: owed.occurredAt.toISOString(),
        payload: owed.payload as DomainEventJob['payload'],
      };
      const handlers = this.handlers.get(event.type);
      if (!handlers) throw new Error(`No handler for domain event ${event.type}`);
      let ranAny = false;
      for (const { name, handler } of handlers) {
        const ran = await this.ledger.runOnce(event.id, name, (tx) => handler.handle(event, tx));
        ranAny ||= ran;
      }
      await this.ledger.complete(event.id);
      // What the handlers asked for (e-mails) is in the outbox now: relay it without waiting for a poll.
      if (ranAny) this.relay.kick();
    });
  }
}
