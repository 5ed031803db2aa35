import { Injectable } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ContentChanged } from '../../content/index.js';

/**
 * A change made through another API process is only heard of here through this age: at most as stale
 * as the content snapshot's own safety net, and well under the files' HTTP max-age.
 */
const MAX_AGE_MS = 60_000;

/**
 * The generated files, kept in memory: built on first use (one build at a time per file), dropped on
 * every content change in this process (ContentChanged) and after a minute. Generating llms.txt takes
 * five queries; served from here it costs what the cached content snapshot does.
 */
@Injectable()
@EventsHandler(ContentChanged)
export class SeoFilesCache implements IEventHandler<ContentChanged> {
  private readonly files = new Map<
    string,
    { body: Promise<string>; builtAt: number; version: number }
  >();

  /** `version`: of what else the file is built from (the redirect rules): another one rebuilds it. */
  get(path: string, build: () => Promise<string>, version = 0): Promise<string> {
    const cached = this.files.get(path);
    if (cached && cached.version === version && Date.now() - cached.builtAt <= MAX_AGE_MS) {
      return cached.body;
    }
    const body = build();
    const entry = { body, builtAt: Date.now(), version };
    this.files.set(path, entry);
    // A failed build is not kept; a change during a build has already dropped it.
    body.catch(() => {
      if (this.files.get(path) === entry) this.files.delete(path);
    });
    return body;
  }

  handle(): void {
    this.files.clear();
  }
}
