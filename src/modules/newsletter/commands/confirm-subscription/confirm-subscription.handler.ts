import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { NEWSLETTER_MESSAGES } from '../../../../contracts/newsletter.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { SubscriberConfirmed } from '../../domain/newsletter.events.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { redeemSubscriberToken } from '../../domain/subscriber-tokens.js';
import { ConfirmSubscriptionCommand } from './confirm-subscription.command.js';

/**
 * Double opt-in, step two: the confirmation link (once) makes a pending address a subscriber. A second
 * link for an address already confirmed changes nothing; after an unsubscribe the old links are void.
 */
@CommandHandler(ConfirmSubscriptionCommand)
export class ConfirmSubscriptionHandler implements ICommandHandler<ConfirmSubscriptionCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async execute({ token }: ConfirmSubscriptionCommand): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const subscriberId = await redeemSubscriberToken(em, token, 'confirm');
      if (!subscriberId) throw new BadRequestException(NEWSLETTER_MESSAGES.invalidLink);
      const subscriber = await em.findOneOrFail(Subscriber, subscriberId);
      // Unsubscribed, bounced or complained since the link was sent: it is void.
      if (subscriber.status !== 'pending' && subscriber.status !== 'confirmed') {
        throw new BadRequestException(NEWSLETTER_MESSAGES.invalidLink);
      }
      if (subscriber.status === 'confirmed') return;
      subscriber.status = 'confirmed';
      subscriber.confirmedAt = new Date();
      await this.outbox.commit(em, [
        new SubscriberConfirmed({ subscriberId: subscriber.id, email: subscriber.email }),
      ]);
    });
  }
}
