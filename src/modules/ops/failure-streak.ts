/** What one probe's outcome changed, worth a log line. */
export type StreakChange = 'failing' | 'down' | 'recovered' | 'back-up';

/**
 * Consecutive failures of one readiness check. The check is reported down only from the
 * `threshold`-th failure in a row, so one slow answer under load does not take the process out of
 * its load balancer; one success resets it.
 */
export class FailureStreak {
  private failures = 0;

  constructor(private readonly threshold: number) {}

  get consecutiveFailures(): number {
    return this.failures;
  }

  get down(): boolean {
    return this.failures >= this.threshold;
  }

  /**
   * `failing` at the first failure (still reported up), `down` when the threshold is reached,
   * `recovered` after failures that never reached it, `back-up` after it was down.
   */
  record(ok: boolean): StreakChange | undefined {
    if (ok) {
      const wasDown = this.down;
      const hadFailures = this.failures > 0;
      this.failures = 0;
      if (wasDown) return 'back-up';
      return hadFailures ? 'recovered' : undefined;
    }
    this.failures += 1;
    if (this.failures === this.threshold) return 'down';
    return this.failures === 1 ? 'failing' : undefined;
  }
}
