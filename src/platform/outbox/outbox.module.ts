import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DomainEventsProcessor } from './domain-events.processor.js';
import { OutboxEvent } from './outbox-event.entity.js';
import { OutboxLedger } from './outbox-ledger.js';
import { OutboxRelay } from './outbox-relay.js';
import { SweepSettledOutboxProcessor } from './sweep-settled-outbox.processor.js';
import { TransactionalOutbox } from './transactional-outbox.js';

@Global()
@Module({
  imports: [DiscoveryModule, MikroOrmModule.forFeature([OutboxEvent])],
  providers: [
    OutboxRelay,
    OutboxLedger,
    TransactionalOutbox,
    DomainEventsProcessor,
    SweepSettledOutboxProcessor,
  ],
  exports: [TransactionalOutbox, OutboxLedger],
})
export class OutboxModule {}
