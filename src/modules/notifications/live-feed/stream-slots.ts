/** Which limit refused a stream: the session's own, or the whole process's. */
export type StreamRefusal = 'session' | 'process';

/**
 * Counts the live-feed streams open in this process, in all and per session, within their limits. A
 * slot taken is given back by the release function it came with (once, however often it is called).
 */
export class StreamSlots {
  private readonly bySession = new Map<string, number>();
  private total = 0;

  constructor(
    readonly maxPerSession: number,
    readonly maxInAll: number,
  ) {}

  /** A slot for one more stream of the session, or which limit refuses it. */
  take(sessionId: string): { release: () => void } | { refused: StreamRefusal } {
    const ofSession = this.bySession.get(sessionId) ?? 0;
    if (ofSession >= this.maxPerSession) return { refused: 'session' };
    if (this.total >= this.maxInAll) return { refused: 'process' };
    this.bySession.set(sessionId, ofSession + 1);
    this.total += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        const left = (this.bySession.get(sessionId) ?? 1) - 1;
        if (left > 0) this.bySession.set(sessionId, left);
        else this.bySession.delete(sessionId);
      },
    };
  }

  /** Streams open in all, and for one session. */
  open(sessionId?: string): number {
    return sessionId === undefined ? this.total : (this.bySession.get(sessionId) ?? 0);
  }
}
