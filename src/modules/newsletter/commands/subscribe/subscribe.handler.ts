import { randomUUID } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { derivedEventId } from '../../../../platform/outbox/domain-event.js';
import { TransactionalOutbox } from '../../../../platform/outbox/transactional-outbox.js';
import { SubscriptionRequested } from '../../domain/newsletter.events.js';
import { SubscribeThrottle } from '../../domain/subscribe-throttle.js';
import { normalizeSubscriberEmail } from '../../domain/subscriber-email.js';
import { Subscriber } from '../../domain/subscriber.entity.js';
import { SubscribeCommand } from './subscribe.command.js';
import { blockingNoticeOf } from '../../domain/blocking-notice.js';
import { BLOCKED_SUBSCRIBER_STATUSES } from '../../../../contracts/newsletter.js';

const isBlocked = (status: string) =>
  (BLOCKED_SUBSCRIBER_STATUSES as readonly string[]).includes(status);

/**
 * Double opt-in, step one: a new address (or a pending or unsubscribed one) becomes pending and is sent
 * a confirmation link; a confirmed address is left alone and sent nothing. The caller's answer is the
 * same in every case, so it cannot tell which addresses are subscribed. A bounced or complained address
 * stays so and is sent nothing (the same answer too).
 */
@CommandHandler(SubscribeCommand)
export class SubscribeHandler implements ICommandHandler<SubscribeCommand> {
  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
    private readonly throttle: SubscribeThrottle,
  ) {}

  async execute(command: SubscribeCommand): Promise<void> {
    const email = normalizeSubscriberEmail(command.email);
    if (!(await this.throttle.consume(email, command.ip))) return;
    const em = this.em.fork();
    let subscriber = await em.findOne(Subscriber, { email });
    if (subscriber?.status === 'confirmed') return;
    // Bounced or complained: the same answer, but it stays blocked and is sent nothing.
    if (subscriber && isBlocked(subscriber.status)) return;
    if (subscriber?.status === 'unsubscribed' && !command.renewUnsubscribed) return;
    const now = new Date();
    // A new address a provider already reported (a hard bounce, a complaint): kept blocked, no e-mail.
    const reported = subscriber ? undefined : await blockingNoticeOf(em, email);
    if (reported) {
      em.create(Subscriber, {
        id: randomUUID(),
        email,
        status: reported.status,
        createdAt: now,
        requestedAt: now,
        confirmedAt: null,
        unsubscribedAt: null,
        blockedReason: reported.reason,
        blockedAt: reported.at,
      });
      await em.flush().catch((error: unknown) => {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      });
      return;
    }
    if (subscriber) {
      subscriber.status = 'pending';
      subscriber.requestedAt = now;
      subscriber.confirmedAt = null;
    } else {
      subscriber = em.create(Subscriber, {
        id: randomUUID(),
        email,
        status: 'pending',
        createdAt: now,
        requestedAt: now,
        confirmedAt: null,
        unsubscribedAt: null,
      });
    }
    try {
      const requested = new SubscriptionRequested({ subscriberId: subscriber.id, email });
      // Asked for by an event: the same event id every time it is asked, so it is written once.
      if (command.causeId)
        requested.withId(derivedEventId(command.causeId, 'SubscriptionRequested'));
      await this.outbox.commit(em, [requested]);
    } catch (error) {
      // Signed up a moment ago by a concurrent request (which sends the link), or by this cause before.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
}
