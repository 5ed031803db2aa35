import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { QUEUES } from '../../../platform/queue/queue-names.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import type { SendMailJob } from '../jobs/send-mail.job.js';

/**
 * The one way the product asks for an e-mail: written to the outbox in the caller's transaction (a
 * domain-event handler's), so it is sent once that commits and is never lost with a Redis job.
 */
@Injectable()
export class MailOutbox {
  constructor(
    private readonly outbox: TransactionalOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  send(tx: EntityManager, mail: SendMailJob): void {
    this.outbox.enqueue(tx, QUEUES.mail, mail.template, { ...mail });
  }

  /** An absolute link to a page of the SPA, with a link token when given. */
  link(path: string, token?: string): string {
    const url = new URL(path, this.config.PUBLIC_URL);
    if (token) url.searchParams.set('token', token);
    return url.toString();
  }
}
