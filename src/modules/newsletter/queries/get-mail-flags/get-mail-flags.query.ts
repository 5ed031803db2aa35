import { Query } from '@nestjs/cqrs';
import type { MailFlag } from '../../../../contracts/newsletter-bounces.js';

/**
 * Which of these addresses are bounced or complained (by their lower-case form): for screens where
 * admins see an address that transactional mail still goes to (the admin order screen).
 */
export class GetMailFlagsQuery extends Query<Map<string, MailFlag>> {
  constructor(readonly emails: readonly string[]) {
    super();
  }
}
