import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

/** The e-mails of the admins who hold their rights (listed and verified): whom to tell about new work. */
export class ListAdminRecipientsQuery extends Query<string[]> {}

@QueryHandler(ListAdminRecipientsQuery)
export class ListAdminRecipientsHandler implements IQueryHandler<ListAdminRecipientsQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute(): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ email: string }[]>(
      `select u.email from admin_user u
         join account a on a.email = u.email and a.email_verified_at is not null
        order by u.created_at`,
    );
    return rows.map((row) => row.email);
  }
}
