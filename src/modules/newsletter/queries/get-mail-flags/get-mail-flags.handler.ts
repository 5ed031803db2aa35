import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { MailFlag } from '../../../../contracts/newsletter-bounces.js';
import { normalizeSubscriberEmail } from '../../domain/subscriber-email.js';
import { GetMailFlagsQuery } from './get-mail-flags.query.js';

@QueryHandler(GetMailFlagsQuery)
export class GetMailFlagsHandler implements IQueryHandler<GetMailFlagsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ emails }: GetMailFlagsQuery): Promise<Map<string, MailFlag>> {
    const flags = new Map<string, MailFlag>();
    const wanted = [...new Set(emails.map(normalizeSubscriberEmail))];
    if (wanted.length === 0) return flags;
    const rows = await this.em.fork().execute<
      {
        email: string;
        status: MailFlag['status'];
        blocked_reason: string | null;
        blocked_at: Date | null;
      }[]
    >(
      `select email, status, blocked_reason, blocked_at from subscriber
        where email = any(?::text[]) and status in ('bounced', 'complained')`,
      // A PostgreSQL array literal, each address quoted.
      [`{${wanted.map((email) => `"${email.replace(/["\\]/g, '\\$&')}"`).join(',')}}`],
    );
    for (const row of rows) {
      flags.set(row.email, {
        status: row.status,
        reason: row.blocked_reason,
        since: row.blocked_at ? new Date(row.blocked_at).toISOString() : null,
      });
    }
    return flags;
  }
}
