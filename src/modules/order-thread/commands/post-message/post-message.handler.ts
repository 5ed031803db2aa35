import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type OrderMessage, ORDER_THREAD_TEXTS } from '../../../../contracts/order-thread.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import type { DomainEvent } from '../../../../platform/outbox/domain-event.js';
import { OrderTransitions, recordOrderActivity } from '../../../orders/index.js';
import {
  OrderMessagePosted,
  OrderMessagesMailDue,
  type OrderThreadOrder,
} from '../../domain/order-thread.events.js';
import {
  claimCustomerMail,
  insertMessage,
  oneMessage,
  orderAttachments,
} from '../../domain/thread-store.js';
import { PostOrderMessageCommand } from './post-message.command.js';

/** 'Sent a message with 2 files', 'Wrote an internal note': the timeline's line for a message. */
export function activityText(internal: boolean, files: number): string {
  const what = internal ? 'Wrote an internal note' : 'Sent a message';
  return files === 0 ? what : `${what} with ${files} file${files === 1 ? '' : 's'}`;
}

/**
 * Writes a message under the order's row lock (OrderTransitions: a customer reaches only their own
 * order, 404 otherwise; an admin's is audited), with its files (each an attachment uploaded for this
 * order, else a 400 on `attachments`), its timeline entry and its events, in one transaction. Any
 * order can be discussed, a cancelled or refunded one too. The agency's first message since the
 * customer's last e-mail schedules the next one (OrderMessagesMailDue).
 */
@CommandHandler(PostOrderMessageCommand)
export class PostOrderMessageHandler implements ICommandHandler<PostOrderMessageCommand> {
  constructor(
    private readonly transitions: OrderTransitions,
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    orderId,
    actor,
    accountId,
    input,
  }: PostOrderMessageCommand): Promise<OrderMessage> {
    const messageId = randomUUID();
    const author = actor.kind;
    const internal = author === 'admin' && input.internal;
    const body = input.body.replace(/\r\n?/g, '\n');
    await this.transitions.run({
      orderId,
      actor,
      summary: internal ? 'Internal note written' : 'Message sent',
      apply: async (order, tx, at) => {
        // A note's files are kept from the customer (kind internal-note); a message's are theirs to read.
        const kind = internal ? 'internal-note' : 'order-attachment';
        const files = await orderAttachments(tx, order.id, input.attachments, kind);
        if (files.length !== input.attachments.length) {
          throw new ValidationFailedException({ attachments: ORDER_THREAD_TEXTS.fileNotOfOrder });
        }
        await insertMessage(tx, {
          id: messageId,
          orderId: order.id,
          author,
          authorAccountId: accountId,
          authorEmail: actor.email,
          body,
          internal,
          attachments: input.attachments.map((id) => id.toLowerCase()),
        });
        recordOrderActivity(tx, {
          orderId: order.id,
          kind: internal ? 'internal_note' : 'message',
          actor: author,
          actorEmail: author === 'admin' ? actor.email : null,
          text: activityText(internal, files.length),
          internal,
          at,
        });
        const about: OrderThreadOrder = {
          orderId: order.id,
          packageName: order.packageName,
          customerName: order.customerName,
          customerEmail: order.customerEmail,
        };
        const names = new Map(files.map((file) => [file.id, file.filename]));
        const events: DomainEvent[] = [
          new OrderMessagePosted({
            ...about,
            messageId,
            author,
            authorEmail: actor.email,
            internal,
            body,
            attachmentNames: input.attachments.map((id) => names.get(id.toLowerCase()) ?? ''),
          }),
        ];
        if (author === 'admin' && !internal && (await claimCustomerMail(tx, order.id))) {
          const dueAt = new Date(at.getTime() + this.config.ORDER_MESSAGE_EMAIL_DELAY_MS);
          events.push(new OrderMessagesMailDue(about, dueAt));
        }
        return events;
      },
    });
    return oneMessage(
      this.em.fork(),
      messageId,
      author === 'admin' ? { kind: 'admin' } : { kind: 'customer', email: actor.email },
    );
  }
}
