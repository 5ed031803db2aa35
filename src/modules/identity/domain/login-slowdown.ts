export interface LoginSlowdown {
  /** Failures of one e-mail (from every address) within the window before the slowdown starts. */
  afterFailures: number;
  maxSeconds: number;
}

/**
 * How long an address that has just failed against an account must wait before its next try, given
 * the account's failures within the window: nothing below the threshold, then 1 s, doubling with each
 * further failure, at most `maxSeconds`.
 */
export function slowdownSeconds(accountFailures: number, slowdown: LoginSlowdown): number {
  if (accountFailures < slowdown.afterFailures) return 0;
  const doublings = Math.min(accountFailures - slowdown.afterFailures, 30);
  return Math.min(2 ** doublings, slowdown.maxSeconds);
}
