import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type DomainEventHandler,
  type DomainEventJob,
  HandlesDomainEvent,
} from '../../../platform/outbox/domain-event-handler.decorator.js';
import { Mailer } from '../../../platform/mail/mail.port.js';
import { ListAdminRecipientsQuery } from '../../identity/index.js';
import { senderMailbox } from '../domain/sender-mailbox.js';

/**
 * Tells the admins about a new message, in full (the ADMIN_EMAIL addresses and every admin user holding
 * their rights), and confirms receipt to the sender's address at most once a day per mailbox (its
 * `+tag` variants are one), with none of the message's text: the form must not be a way to mail
 * someone else's words, or a stream of confirmations, to any address.
 */
@Injectable()
@HandlesDomainEvent('MessageReceived')
export class NotifyMessageReceivedHandler implements DomainEventHandler<'MessageReceived'> {
  constructor(
    private readonly mail: Mailer,
    private readonly queryBus: QueryBus,
  ) {}

  async handle(event: DomainEventJob<'MessageReceived'>, tx: EntityManager): Promise<void> {
    const { lead, ...props } = event.payload;
    const admins = await this.queryBus.execute(new ListAdminRecipientsQuery());
    const messageUrl = this.mail.link(`/view/${props.messageId}`);
    for (const admin of admins) {
      this.mail.send(tx, {
        template: 'messageReceivedAdmin',
        to: admin,
        replyTo: props.email,
        props: { ...props, messageUrl },
      });
    }
    if (lead) return;
    if (await firstConfirmationOfTheDay(tx, senderMailbox(props.email), event.occurredAt)) {
      this.mail.send(tx, { template: 'messageReceivedConfirmation', to: props.email, props: {} });
    }
  }
}

/**
 * Records that `mailbox` is confirmed to on the (UTC) day of `at`; false when it already was. Earlier
 * days' records are dropped on the way: only the current day's matter.
 */
async function firstConfirmationOfTheDay(
  tx: EntityManager,
  mailbox: string,
  at: string,
): Promise<boolean> {
  const day = `(?::timestamptz at time zone 'UTC')::date`;
  await tx.execute(`delete from sender_confirmation where day < ${day}`, [at]);
  const inserted = await tx.execute<{ email: string }[]>(
    `insert into sender_confirmation (email, day) values (lower(?), ${day})
     on conflict do nothing returning email`,
    [mailbox, at],
  );
  return inserted.length > 0;
}
