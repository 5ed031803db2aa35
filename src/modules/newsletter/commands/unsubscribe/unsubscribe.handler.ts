import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NEWSLETTER_MESSAGES } from '../../../../contracts/newsletter.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { SubscriberToken } from '../../domain/subscriber-token.entity.js';
import { redeemSubscriberToken } from '../../domain/subscriber-tokens.js';
import { UnsubscribeCommand } from './unsubscribe.command.js';

/**
 * The unsubscribe link of any newsletter e-mail (the confirmation mail's too): the address gets no more
 * newsletters and its pending confirmation links stop working. Following it again changes nothing.
 */
@CommandHandler(UnsubscribeCommand)
export class UnsubscribeHandler implements ICommandHandler<UnsubscribeCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ token }: UnsubscribeCommand): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const subscriberId = await redeemSubscriberToken(em, token, 'unsubscribe');
      if (!subscriberId) throw new BadRequestException(NEWSLETTER_MESSAGES.invalidLink);
      const subscriber = await em.findOneOrFail(Subscriber, subscriberId);
      if (subscriber.status === 'unsubscribed') return;
      const now = new Date();
      subscriber.status = 'unsubscribed';
      subscriber.unsubscribedAt = now;
      await em.nativeUpdate(
        SubscriberToken,
        { subscriber: subscriber.id, purpose: 'confirm', usedAt: null },
        { usedAt: now },
      );
    });
  }
}
