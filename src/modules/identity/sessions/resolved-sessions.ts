import type { AuthContext } from '../../../platform/auth/access.js';

/** Sessions kept at most; past it the process starts again from none (a busy day's sign-ins fit). */
const MAX_KEPT = 10_000;

export interface ResolvedSession {
  auth: AuthContext;
  /** The identity version it was read at, or after. */
  version: number;
  expiresAtMs: number;
  lastSeenAtMs: number;
}

/**
 * The sessions this process resolved, each valid while the identity version it was read at stands
 * (`identity_version`, bumped in the transaction of every sign-out, account change and admin list
 * change). A session read at an older version than the newest one seen is never kept, so a read that
 * raced a sign-out cannot put the signed-out session back.
 */
export class ResolvedSessions {
  private readonly kept = new Map<string, ResolvedSession>();
  private version = 0;

  /** The session kept for `id` at `version` (read after the request arrived) and not expired. */
  get(id: string, version: number, nowMs: number): ResolvedSession | undefined {
    this.observe(version);
    const kept = this.kept.get(id);
    if (!kept || kept.version !== version || kept.expiresAtMs <= nowMs) return undefined;
    return kept;
  }

  keep(id: string, session: ResolvedSession): void {
    this.observe(session.version);
    if (session.version !== this.version) return;
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    // Shared by the requests that follow: nothing may change it on their behalf.
    Object.freeze(session.auth.account);
    this.kept.set(id, Object.freeze({ ...session, auth: Object.freeze(session.auth) }));
  }

  forget(id: string): void {
    this.kept.delete(id);
  }

  private observe(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.kept.clear();
  }
}
