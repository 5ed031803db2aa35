/**
 * The worker's start-up check (DomainEventsProcessor.onModuleInit): every event type a module defines
 * has a handler. The list of types comes from the event classes themselves, so a new event is checked
 * without being listed anywhere else.
 */
import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { DiscoveryService } from '@nestjs/core';
import {
  type DomainEventType,
  derivedEventId,
  domainEvent,
  registeredDomainEventTypes,
} from '../../src/platform/outbox/domain-event.js';
import { DomainEventsProcessor } from '../../src/platform/outbox/domain-events.processor.js';
import '../../src/modules/identity/domain/identity.events.js';
import '../../src/modules/messages/domain/messages.events.js';
import '../../src/modules/newsletter/domain/newsletter.events.js';

/** Runs the start-up check with one handler for each of the given event types. */
function startWorkerHandling(types: DomainEventType[]): void {
  const wrappers = types.map((type) => ({
    type,
    instance: { constructor: { name: `Handle${type}` }, handle: async () => {} },
  }));
  const discovery = {
    getProviders: () => wrappers,
    getMetadataByDecorator: (_decorator: unknown, wrapper: { type: DomainEventType }) =>
      wrapper.type,
  } as unknown as DiscoveryService;
  new DomainEventsProcessor(discovery, {} as never, {} as never).onModuleInit();
}

describe('domain events need a handler at start-up', () => {
  it('knows the events the modules define', () => {
    const types = registeredDomainEventTypes();
    for (const type of ['MessageReceived', 'AccountRegistered', 'SubscriberConfirmed'] as const) {
      expect(types).toContain(type);
    }
  });

  it('starts when every event has a handler', () => {
    expect(() => startWorkerHandling(registeredDomainEventTypes())).not.toThrow();
  });

  it('refuses to start when an event has none', () => {
    const handled = registeredDomainEventTypes().filter((type) => type !== 'MessageReceived');
    expect(() => startWorkerHandling(handled)).toThrow({
      message: 'Domain events without a handler: MessageReceived',
    });
  });

  it('checks an event class added later without a second list', () => {
    const handled = registeredDomainEventTypes();
    // A module's new event (not in the payload map: this test only needs its class).
    class InvoiceSent extends domainEvent('InvoiceSent' as DomainEventType) {}
    expect(new InvoiceSent({} as never).type).toBe('InvoiceSent');
    expect(() => startWorkerHandling(handled)).toThrow({
      message: 'Domain events without a handler: InvoiceSent',
    });
  });
});

describe('an event made again for the same cause', () => {
  const cause = '0b9f6a52-3c1e-4d5b-9a43-5f0c1f7e2a10';

  it('has the same id every time, a UUID the outbox stores, apart from other purposes and causes', () => {
    const id = derivedEventId(cause, 'SubscriptionRequested');
    expect(derivedEventId(cause, 'SubscriptionRequested')).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derivedEventId(cause, 'LeadRecorded')).not.toBe(id);
    expect(
      derivedEventId('0b9f6a52-3c1e-4d5b-9a43-5f0c1f7e2a11', 'SubscriptionRequested'),
    ).not.toBe(id);
  });
});
