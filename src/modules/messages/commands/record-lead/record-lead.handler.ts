import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { Message } from '../../domain/message.entity.js';
import { MessageReceived } from '../../domain/messages.events.js';
import { RecordLeadCommand } from './record-lead.command.js';

/**
 * A lead becomes an UnRead message of the inbox with MessageReceived (the admins are e-mailed), marked
 * as a lead so its sender gets no contact-form receipt (the form that made it sends its own e-mail).
 * Its id is the caller's: a lead recorded again (a retried job) is stored and announced once.
 */
@CommandHandler(RecordLeadCommand)
export class RecordLeadHandler implements ICommandHandler<RecordLeadCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ lead }: RecordLeadCommand): Promise<void> {
    const em = this.em.fork();
    if (await em.findOne(Message, { id: lead.id })) return;
    const message = em.create(Message, {
      id: lead.id,
      name: lead.name.slice(0, 100),
      email: lead.email,
      number: '',
      subject: lead.subject.slice(0, 200),
      message: lead.message,
      messageStatus: 'UnRead',
      createdAt: new Date(),
    });
    try {
      await this.outbox.commit(em, [
        new MessageReceived({
          messageId: message.id,
          name: message.name,
          email: message.email,
          number: message.number,
          subject: message.subject,
          message: message.message,
          lead: true,
        }),
      ]);
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
}
