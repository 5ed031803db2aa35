import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { AdminUser } from '../../../../contracts/identity.js';
import { AdminUserReader } from './admin-user-reader.js';

export class ListAdminUsersQuery extends Query<AdminUser[]> {}

export class GetAdminUserQuery extends Query<AdminUser> {
  constructor(readonly id: string) {
    super();
  }
}

@QueryHandler(ListAdminUsersQuery)
export class ListAdminUsersHandler implements IQueryHandler<ListAdminUsersQuery> {
  constructor(private readonly reader: AdminUserReader) {}

  execute(): Promise<AdminUser[]> {
    return this.reader.list();
  }
}

@QueryHandler(GetAdminUserQuery)
export class GetAdminUserHandler implements IQueryHandler<GetAdminUserQuery> {
  constructor(private readonly reader: AdminUserReader) {}

  execute({ id }: GetAdminUserQuery): Promise<AdminUser> {
    return this.reader.get(id);
  }
}
