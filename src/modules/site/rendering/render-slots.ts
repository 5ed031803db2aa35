/**
 * A counting semaphore: at most `slots` renders at once, the others wait their turn in order. A
 * burst of pages not cached yet then costs the memory of a few renders, not of one per connection.
 */
export class RenderSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(slots: number) {
    this.free = slots;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}
