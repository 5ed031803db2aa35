import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { Mailer, type MailRequest } from '../../../platform/mail/mail.port.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { MAIL_QUEUE } from './mail.queue.js';

/**
 * The Mailer of platform/mail: an e-mail is written to the outbox in the caller's transaction (a
 * domain-event handler's), so it is sent once that commits and is never lost with a Redis job.
 */
@Injectable()
export class MailOutbox extends Mailer {
  constructor(
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  send(tx: EntityManager, mail: MailRequest): void {
    this.outbox.enqueue(tx, MAIL_QUEUE.name, mail.template, { ...mail });
  }

  link(path: string, token?: string): string {
    const url = new URL(path, this.config.PUBLIC_URL);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  }
}
