/**
 * A read shared by the callers that asked while it was waiting to start, and by no one who asked
 * after it started: each caller gets a value read after it asked (a change committed before that is
 * seen), yet however many ask at once, at most one read runs and one waits. Under load, one read
 * answers a whole round trip's worth of callers.
 */
export class FreshRead<T> {
  private running?: Promise<T>;
  private next?: Promise<T>;

  constructor(private readonly load: () => Promise<T>) {}

  read(): Promise<T> {
    if (!this.running) return this.start();
    // The running read may have begun before this caller asked: it gets the one after.
    this.next ??= settled(this.running).then(() => {
      this.next = undefined;
      return this.start();
    });
    return this.next;
  }

  private start(): Promise<T> {
    const read = this.load();
    this.running = read;
    // Registered before any caller's `next`, so it runs first when the read settles.
    void settled(read).then(() => {
      if (this.running === read) this.running = undefined;
    });
    return read;
  }
}

const settled = (promise: Promise<unknown>): Promise<void> =>
  promise.then(
    () => undefined,
    () => undefined,
  );
