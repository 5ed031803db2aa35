import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Account as AccountView,
  staffRoleOf,
  type UserRole,
} from '../../../contracts/identity.js';
import type { AuthContext } from '../../../platform/auth/access.js';
import { hashSecretToken, newSecretToken } from '../../../platform/crypto/secret-token.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import { ChangeVersions } from '../../../platform/database/change-versions.js';
import { Session } from '../domain/session.entity.js';
import { ResolvedSessions } from './resolved-sessions.js';

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
  expires_at: Date | string;
  session_created_at: Date | string;
  id: string;
  email: string;
  has_password: boolean;
  email_verified: boolean;
  google_linked: boolean;
  created_at: Date | string;
  /** Its role on the admin users list, null when not listed. */
  listed_role: UserRole | null;
  two_factor: boolean;
}

const RESOLVE_SQL = `
  select s.id as session_id, s.last_seen_at, s.expires_at, s.created_at as session_created_at,
         a.id, a.email, a.created_at,
         a.password_hash is not null as has_password,
         a.email_verified_at is not null as email_verified,
         a.google_sub is not null as google_linked,
         a.totp_enabled_at is not null as two_factor,
         (select u.role from admin_user u where u.email = a.email) as listed_role
    from session s join account a on a.id = s.account_id
   where s.id = ? and s.expires_at > now()`;

/**
 * Server-side sessions keyed by the hash of an opaque cookie token. A resolved session is kept in the
 * process while the identity version stands (see the identity-version migration): a request then costs
 * a read of that one-row version (with the other modules' versions, once per request, shared by the
 * requests that arrive together) instead of its own session lookup; a sign-out, an account change or an admin list change in any process is seen from the
 * next request, as without keeping.
 */
@Injectable()
export class SessionStore {
  private readonly resolved = new ResolvedSessions();

  constructor(
    private readonly em: EntityManager,
    private readonly versions: ChangeVersions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    versions.register('identity', 'identity_version');
  }

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
    const id = hashSecretToken(token);
    // Read after this request arrived, so a change committed before it is seen.
    const version = await this.versions.read('identity');
    const nowMs = Date.now();
    const kept = this.resolved.get(id, version, nowMs);
    if (kept && nowMs - kept.lastSeenAtMs <= TOUCH_AFTER_MS) return kept.auth;
    const connection = this.em.getConnection();
    const [row] = await connection.execute<SessionRow[]>(RESOLVE_SQL, [id]);
    if (!row) return null;
    let lastSeenAtMs = new Date(row.last_seen_at).getTime();
    let expiresAtMs = new Date(row.expires_at).getTime();
    if (nowMs - lastSeenAtMs > TOUCH_AFTER_MS) {
      const maxEnd = new Date(row.session_created_at).getTime() + SESSION_MAX_SECONDS * 1000;
      const idleEnd = nowMs + SESSION_IDLE_SECONDS * 1000;
      expiresAtMs = Math.min(maxEnd, idleEnd);
      await connection.execute(
        'update session set last_seen_at = now(), expires_at = ? where id = ?',
        [new Date(expiresAtMs), row.session_id],
      );
      lastSeenAtMs = nowMs;
    }
    const auth = {
      sessionId: row.session_id,
      account: toAccountView(row, this.config.REQUIRE_ADMIN_2FA),
    };
    this.resolved.keep(id, { auth, version, expiresAtMs, lastSeenAtMs });
    return auth;
  }

  async end(token: string): Promise<void> {
    const id = hashSecretToken(token);
    await this.em.getConnection().execute('delete from session where id = ?', [id]);
    // The version bump tells every process; this one need not wait for its next read to know.
    this.resolved.forget(id);
  }

  /** Ends every session of an account but one (the caller's own, when it changed its password). */
  async endAllOf(em: EntityManager, accountId: string, exceptSessionId?: string): Promise<void> {
    await em.nativeDelete(Session, {
      account: accountId,
      ...(exceptSessionId ? { id: { $ne: exceptSessionId } } : {}),
    });
  }
}

function toAccountView(row: SessionRow, requireAdmin2fa: boolean): AccountView {
  // Staff rights need the listed e-mail proven by its account.
  const role =
    row.email_verified && row.listed_role ? staffRoleOf(row.listed_role) : ('customer' as const);
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified,
    isAdmin: role === 'admin',
    role,
    hasPassword: row.has_password,
    googleLinked: row.google_linked,
    twoFactorEnabled: row.two_factor,
    twoFactorRequired: requireAdmin2fa && role === 'admin' && !row.two_factor,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
