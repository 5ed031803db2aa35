import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AdminUser, InvitationStatus, UserRole } from '../../../../contracts/identity.js';
import { adminUserNotFound, requireAdminUserId } from '../../domain/admin-user-errors.js';

interface AdminUserRow {
  id: string;
  email: string;
  role: UserRole;
  created_at: Date | string;
  account_verified: boolean | null;
  invitation_status: InvitationStatus | null;
  invitation_expires_at: Date | string | null;
}

const SELECT = `
  select u.id, u.email, u.role, u.created_at,
         case when a.id is null then null else a.email_verified_at is not null end as account_verified,
         i.status as invitation_status, i.expires_at as invitation_expires_at
    from admin_user u left join account a on a.email = u.email
    left join lateral (
      select t.expires_at,
             case when t.used_at is not null then 'accepted'
                  when t.revoked_at is not null then 'revoked'
                  when t.expires_at <= now() then 'expired'
                  else 'pending' end as status
        from account_token t
       where t.account_id = a.id and t.purpose = 'invitation'
       order by t.created_at desc limit 1
    ) i on true`;

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
    invitation:
      row.invitation_status && row.invitation_expires_at
        ? {
            status: row.invitation_status,
            expiresAt: new Date(row.invitation_expires_at).toISOString(),
          }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
