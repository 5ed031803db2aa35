import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN,
  NEWSLETTER_MESSAGES,
} from '../../../../contracts/newsletter.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { SubscriberToken } from '../../domain/subscriber-token.entity.js';
import { redeemSubscriberToken } from '../../domain/subscriber-tokens.js';
import { UnsubscribeCommand } from './unsubscribe.command.js';

/**
 * The unsubscribe link of any newsletter e-mail (the confirmation mail's too), from the page's button or
 * a mail provider's one-click POST: the address gets no more newsletters and its pending confirmation
 * links stop working. Following it again changes nothing. The link of a campaign's test e-mail (or
 * preview) unsubscribes nobody and says so.
 */
@CommandHandler(UnsubscribeCommand)
export class UnsubscribeHandler implements ICommandHandler<UnsubscribeCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ token }: UnsubscribeCommand): Promise<string> {
    if (token === CAMPAIGN_TEST_UNSUBSCRIBE_TOKEN) return NEWSLETTER_MESSAGES.testSend;
    await this.em.fork().transactional(async (em) => {
      // A newsletter's lasting token, or the per-mail token of a confirmation or welcome e-mail.
      const subscriber =
        (await em.findOne(Subscriber, { unsubscribeToken: token })) ??
        (await this.byMailToken(em, token));
      if (!subscriber) throw new BadRequestException(NEWSLETTER_MESSAGES.invalidLink);
      // Already unsubscribed, or bounced/complained: those stay blocked (no later sign-up lifts it).
      if (subscriber.status !== 'pending' && subscriber.status !== 'confirmed') return;
      const now = new Date();
      subscriber.status = 'unsubscribed';
      subscriber.unsubscribedAt = now;
      await em.nativeUpdate(
        SubscriberToken,
        { subscriber: subscriber.id, purpose: 'confirm', usedAt: null },
        { usedAt: now },
      );
    });
    return NEWSLETTER_MESSAGES.unsubscribed;
  }

  private async byMailToken(em: EntityManager, token: string): Promise<Subscriber | null> {
    const subscriberId = await redeemSubscriberToken(em, token, 'unsubscribe');
    return subscriberId ? em.findOneOrFail(Subscriber, subscriberId) : null;
  }
}
