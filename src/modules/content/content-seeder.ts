import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { findSection } from '../../contracts/content/index.js';
import { ContentChanged } from './domain/content-changed.event.js';
import { ContentEntry } from './domain/content-entry.entity.js';
import { ContentRevision } from './domain/content-revision.entity.js';
import { recordRevision } from './domain/record-revision.js';
import { validEntryData } from './domain/sections.js';
import { DEMO_CONTENT } from './demo/demo-content.js';

/**
 * A fresh install shows a complete site: when the content tables have never been written to, every
 * section gets its demo records (recorded in the history like any write). Once anything was written,
 * nothing is added again, even if admins delete everything.
 */
@Injectable()
export class ContentSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('ContentSeeder');

  constructor(
    private readonly em: EntityManager,
    private readonly eventBus: EventBus,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const seeded = await this.em.fork().transactional(async (em) => {
      // One process seeds; the others wait here and then find the history non-empty.
      await em
        .getConnection()
        .execute(
          "select pg_advisory_xact_lock(hashtext('content_seed'))",
          [],
          'all',
          em.getTransactionContext(),
        );
      if ((await em.count(ContentRevision, {})) > 0) return 0;
      let count = 0;
      // Records keep the demo's order: a collection lists by creation time, one millisecond apart here.
      const base = Date.now();
      for (const [key, records] of Object.entries(DEMO_CONTENT)) {
        const section = findSection(key);
        if (!section) throw new Error(`Demo content for an unknown section: ${key}`);
        for (const record of records ?? []) {
          const data = validEntryData(section, record);
          const id = randomUUID();
          const createdAt = new Date(base + count);
          em.create(ContentEntry, {
            id,
            section: key,
            singleton: section.kind === 'singleton',
            data,
            createdAt,
            updatedAt: createdAt,
          });
          recordRevision(em, {
            entryId: id,
            section: key,
            action: 'created',
            before: null,
            after: data,
            actor: null,
          });
          count++;
        }
      }
      return count;
    });
    if (seeded > 0) {
      this.logger.log({ records: seeded }, 'Demo content added to the empty site');
      this.eventBus.publish(new ContentChanged('*'));
    }
  }
}
