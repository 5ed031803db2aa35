import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { LoginGuessingDetected } from './identity.events.js';

/**
 * Tells an account's owner that its password is being guessed (LoginGuessingDetected through the
 * outbox). The event is written apart from the request, which is answered without waiting: a failed
 * login for an existing e-mail must take as long as for an unknown one.
 */
@Injectable()
export class LoginGuessingAlarm {
  private readonly logger = new Logger('LoginGuessingAlarm');

  constructor(
    private readonly em: EntityManager,
    private readonly outbox: TransactionalOutbox,
  ) {}

  raise(account: { id: string; email: string }): void {
    const event = new LoginGuessingDetected({ accountId: account.id, email: account.email });
    this.em
      .fork()
      .transactional((em) => this.outbox.commit(em, [event]))
      .catch((error: unknown) =>
        this.logger.error({ err: error, accountId: account.id }, 'Login guessing alert not saved'),
      );
  }
}
