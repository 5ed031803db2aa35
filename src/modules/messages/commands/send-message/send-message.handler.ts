import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Message as MessageView } from '../../../../contracts/messages.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { ContactThrottle } from '../../domain/contact-throttle.js';
import { Message } from '../../domain/message.entity.js';
import { toMessageView } from '../../domain/message.mapper.js';
import { MessageReceived } from '../../domain/messages.events.js';
import { SendMessageCommand } from './send-message.command.js';

/**
 * Stores a visitor's message as UnRead and records MessageReceived in the same transaction, within the
 * per-IP and per-sender limits. A message whose honeypot is filled in is answered the same way (so the
 * robot learns nothing) but neither stored nor mailed.
 */
@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  private readonly logger = new Logger(SendMessageHandler.name);

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly throttle: ContactThrottle,
  ) {}

  async execute({ input, ip }: SendMessageCommand): Promise<MessageView> {
    const { website, ...fields } = input;
    await this.throttle.consume(fields.email, ip);
    const em = this.em.fork();
    const message = em.create(Message, {
      id: randomUUID(),
      ...fields,
      messageStatus: 'UnRead',
      createdAt: new Date(),
    });
    if (website) {
      this.logger.log({ ip }, 'Contact form honeypot filled in: message dropped');
      return toMessageView(message);
    }
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
