/** What the cache needs to know of a value: its size. */
export interface Sized {
  readonly bytes: number;
}

export interface PageCacheLimits {
  maxEntries: number;
  maxBytes: number;
}

/**
 * The server-rendered pages kept ready to send, least recently used first out: one entry per key
 * (a page, the not-found page of a route), never more than `maxEntries` nor `maxBytes` in all. A
 * value larger than `maxBytes` alone is not kept.
 */
export class PageCache<V extends Sized> {
  private readonly entries = new Map<string, V>();
  private totalBytes = 0;

  constructor(private readonly limits: PageCacheLimits) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    if (value.bytes > this.limits.maxBytes) return;
    this.entries.set(key, value);
    this.totalBytes += value.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.totalBytes <= this.limits.maxBytes) {
        break;
      }
      this.entries.delete(oldest);
      this.totalBytes -= old.bytes;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.totalBytes -= value.bytes;
  }
}
