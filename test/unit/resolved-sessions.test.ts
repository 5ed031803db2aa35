import { describe, expect, it } from '@jest/globals';
import { ResolvedSessions } from '../../src/modules/identity/sessions/resolved-sessions.js';

const NOW = 1_000_000;

function session(version: number, email = 'a@example.test') {
  return {
    auth: {
      sessionId: 's1',
      account: {
        id: 'a1',
        email,
        emailVerified: true,
        isAdmin: false,
        role: 'customer' as const,
        hasPassword: true,
        googleLinked: false,
        twoFactorEnabled: false,
        twoFactorRequired: false,
        createdAt: new Date(0).toISOString(),
      },
    },
    version,
    expiresAtMs: NOW + 60_000,
    lastSeenAtMs: NOW,
  };
}

describe('ResolvedSessions', () => {
  it('answers a session only at the version it was read at', () => {
    const kept = new ResolvedSessions();
    kept.keep('s1', session(3));
    expect(kept.get('s1', 3, NOW)?.auth.account.email).toBe('a@example.test');
    // The version moved on (a sign-out, a role change somewhere): read it again.
    expect(kept.get('s1', 4, NOW)).toBeUndefined();
    // And it is gone for good, even for a request that still holds the older version.
    expect(kept.get('s1', 3, NOW)).toBeUndefined();
  });

  it('does not keep a session read at an older version than one already seen', () => {
    const kept = new ResolvedSessions();
    expect(kept.get('other', 5, NOW)).toBeUndefined();
    // A read that started before the change raced it: what it read may be the signed-out session.
    kept.keep('s1', session(4));
    expect(kept.get('s1', 4, NOW)).toBeUndefined();
    expect(kept.get('s1', 5, NOW)).toBeUndefined();
  });

  it('does not answer an expired session', () => {
    const kept = new ResolvedSessions();
    kept.keep('s1', session(1));
    expect(kept.get('s1', 1, NOW + 59_999)).toBeDefined();
    expect(kept.get('s1', 1, NOW + 60_000)).toBeUndefined();
  });

  it('forgets a session at once, and keeps what it answers from being changed', () => {
    const kept = new ResolvedSessions();
    kept.keep('s1', session(1));
    const answered = kept.get('s1', 1, NOW)!;
    expect(() => {
      (answered.auth.account as { isAdmin: boolean }).isAdmin = true;
    }).toThrow(TypeError);
    kept.forget('s1');
    expect(kept.get('s1', 1, NOW)).toBeUndefined();
  });
});
