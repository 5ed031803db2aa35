import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Order } from '../../domain/order.entity.js';
import { orderNotFound } from '../../domain/order-errors.js';
import {
  HoldOrderForCaptureCommand,
  ReleaseCaptureHoldCommand,
} from './hold-for-capture.command.js';

/**
 * Takes a capture hold under the order's row lock, the same lock a cancel takes: whichever comes first
 * wins, and the other sees it. Captures of one order may hold it together (the buyer's and the
 * webhook's capture of the same approval); each releases only its own hold.
 */
@CommandHandler(HoldOrderForCaptureCommand)
export class HoldOrderForCaptureHandler implements ICommandHandler<HoldOrderForCaptureCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ orderId }: HoldOrderForCaptureCommand): Promise<string> {
    return this.em.fork().transactional(async (tx) => {
      const order = await tx.findOne(
        Order,
        { id: orderId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!order) throw orderNotFound();
      order.assertPayable();
      const token = randomUUID();
      await tx.execute(
        'insert into order_capture_claim (token, order_id, claimed_at) values (?, ?, now())',
        [token, orderId],
      );
      return token;
    });
  }
}

@CommandHandler(ReleaseCaptureHoldCommand)
export class ReleaseCaptureHoldHandler implements ICommandHandler<ReleaseCaptureHoldCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ token }: ReleaseCaptureHoldCommand): Promise<void> {
    await this.em.fork().execute('delete from order_capture_claim where token = ?', [token]);
  }
}
