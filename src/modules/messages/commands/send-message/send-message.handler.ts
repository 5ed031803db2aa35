import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Message as MessageView } from '../../../../contracts/messages.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Message } from '../../domain/message.entity.js';
import { toMessageView } from '../../domain/message.mapper.js';
import { MessageReceived } from '../../domain/message-received.event.js';
import { SendMessageCommand } from './send-message.command.js';

/** Stores a visitor's message as UnRead and records MessageReceived in the same transaction. */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ input }: SendMessageCommand): Promise<MessageView> {
    const em = this.em.fork();
    const message = em.create(Message, {
      id: randomUUID(),
      ...input,
      messageStatus: 'UnRead',
      createdAt: new Date(),
    });
    await this.outbox.commit(em, [
      new MessageReceived({
        messageId: message.id,
        name: message.name,
        email: message.email,
        number: message.number,
        subject: message.subject,
        message: message.message,
      }),
    ]);
    return toMessageView(message);
  }
}
