import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { SectionKey } from '../../../contracts/content/index.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config.js';
import {
  type ContentChanges,
  GetContentChangesQuery,
  ListEntriesQuery,
} from '../../content/index.js';
import type { SiteContent } from './site-facts.js';

/**
 * Reads what the generated files need from the content module: the few sections a file is made of
 * (one indexed query each, in parallel) and the history's change times.
 */
@Injectable()
export class SiteFactsReader {
  readonly publicUrl: string;

  constructor(
    private readonly queryBus: QueryBus,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.publicUrl = config.PUBLIC_URL;
  }

  async content(keys: readonly SectionKey[]): Promise<SiteContent> {
    const lists = await Promise.all(
      keys.map((key) => this.queryBus.execute(new ListEntriesQuery(key))),
    );
    return Object.fromEntries(keys.map((key, index) => [key, lists[index]]));
  }

  changes(): Promise<ContentChanges> {
    return this.queryBus.execute(new GetContentChangesQuery());
  }
}
