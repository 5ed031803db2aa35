import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';

/**
 * Whom to tell about new work: the ADMIN_EMAIL addresses, then the admins who hold their rights
 * (listed and verified), each address once, in lower case.
 */
export class ListAdminRecipientsQuery extends Query<string[]> {}

@QueryHandler(ListAdminRecipientsQuery)
export class ListAdminRecipientsHandler implements IQueryHandler<ListAdminRecipientsQuery> {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ email: string }[]>(
      `select u.email from admin_user u
         join account a on a.email = u.email and a.email_verified_at is not null
        order by u.created_at`,
    );
    const emails = [...this.config.ADMIN_EMAIL, ...rows.map((row) => row.email)];
    return [...new Set(emails.map((email) => email.toLowerCase()))];
  }
}
