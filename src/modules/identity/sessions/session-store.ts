import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Account as AccountView } from '../../../contracts/identity.js';
import type { AuthContext } from '../../../platform/auth/access.js';
import { hashSecretToken, newSecretToken } from '../../../platform/crypto/secret-token.js';
import { Session } from '../domain/session.entity.js';

/** A session ends after 30 idle days, and after 90 days whatever happens. */
export const SESSION_IDLE_SECONDS = 30 * 24 * 3600;
const SESSION_MAX_SECONDS = 90 * 24 * 3600;
/** Activity is recorded at most this often, so most requests only read. */
const TOUCH_AFTER_MS = 3600_000;

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

interface SessionRow {
  session_id: string;
  last_seen_at: Date | string;
  session_created_at: Date | string;
  id: string;
  email: string;
  has_password: boolean;
  email_verified: boolean;
  google_linked: boolean;
  created_at: Date | string;
  listed_admin: boolean;
}

const RESOLVE_SQL = `
  select s.id as session_id, s.last_seen_at, s.created_at as session_created_at,
         a.id, a.email, a.created_at,
         a.password_hash is not null as has_password,
         a.email_verified_at is not null as email_verified,
         a.google_sub is not null as google_linked,
         exists (select 1 from admin_user u where u.email = a.email) as listed_admin
    from session s join account a on a.id = s.account_id
   where s.id = ? and s.expires_at > now()`;

/** Server-side sessions keyed by the hash of an opaque cookie token. */
@Injectable()
export class SessionStore {
  constructor(private readonly em: EntityManager) {}

  /** Starts a session for an account inside the caller's unit of work; returns the cookie token. */
  start(em: EntityManager, accountId: string, client: ClientInfo): string {
    const { token, hash } = newSecretToken();
    const now = new Date();
    em.create(Session, {
      id: hash,
      account: accountId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_IDLE_SECONDS * 1000),
      ip: client.ip?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    });
    return token;
  }

  /** The account behind a cookie token, or null when the session does not exist or has expired. */
  async resolve(token: string): Promise<AuthContext | null> {
    const connection = this.em.getConnection();
    const [row] = await connection.execute<SessionRow[]>(RESOLVE_SQL, [hashSecretToken(token)]);
    if (!row) return null;
    if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_AFTER_MS) {
      const maxEnd = new Date(row.session_created_at).getTime() + SESSION_MAX_SECONDS * 1000;
      const idleEnd = Date.now() + SESSION_IDLE_SECONDS * 1000;
      await connection.execute(
        'update session set last_seen_at = now(), expires_at = ? where id = ?',
        [new Date(Math.min(maxEnd, idleEnd)), row.session_id],
      );
    }
    return { sessionId: row.session_id, account: toAccountView(row) };
  }

  async end(token: string): Promise<void> {
    await this.em
      .getConnection()
      .execute('delete from session where id = ?', [hashSecretToken(token)]);
  }

  /** Ends every session of an account but one (the caller's own, when it changed its password). */
  async endAllOf(em: EntityManager, accountId: string, exceptSessionId?: string): Promise<void> {
    await em.nativeDelete(Session, {
      account: accountId,
      ...(exceptSessionId ? { id: { $ne: exceptSessionId } } : {}),
    });
  }
}

function toAccountView(row: SessionRow): AccountView {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    isAdmin: row.email_verified && row.listed_admin,
    hasPassword: row.has_password,
    googleLinked: row.google_linked,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
