import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminUser, UserRole } from '../../../../contracts/identity.js';
import { adminUserNotFound, requireAdminUserId } from '../../domain/admin-user-errors.js';

interface AdminUserRow {
  id: string;
  email: string;
  role: UserRole;
  created_at: Date | string;
  account_verified: boolean | null;
}

const SELECT = `
  select u.id, u.email, u.role, u.created_at,
         case when a.id is null then null else a.email_verified_at is not null end as account_verified
    from admin_user u left join account a on a.email = u.email`;

/** The admin users list with each e-mail's account status. */
@Injectable()
export class AdminUserReader {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<AdminUser[]> {
    const rows = await this.em
      .getConnection()
      .execute<AdminUserRow[]>(`${SELECT} order by u.created_at, u.email`);
    return rows.map(toView);
  }

  async get(id: string): Promise<AdminUser> {
    const [row] = await this.em
      .getConnection()
      .execute<AdminUserRow[]>(`${SELECT} where u.id = ?`, [requireAdminUserId(id)]);
    if (!row) throw adminUserNotFound();
    return toView(row);
  }
}

function toView(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    userEmail: row.email,
    userRole: row.role,
    accountStatus:
      row.account_verified === null
        ? 'no-account'
        : row.account_verified
          ? 'verified'
          : 'unverified',
    createdAt: new Date(row.created_at).toISOString(),
  };
}
