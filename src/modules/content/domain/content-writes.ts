import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { ConflictException, Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import { CONTENT_MESSAGES, type SectionDef } from '../../../contracts/content/index.js';
import { TransactionalOutbox } from '../../../platform/outbox/transactional-outbox.js';
import { ContentChanged } from './content-changed.event.js';
import { ContentSectionChanged } from './content.events.js';

/**
 * Runs a section write in one transaction (the record and its revision together) and announces the
 * change after the commit (in this process, and through the outbox: ContentSectionChanged). A second record in a singleton section breaks the partial unique index on
 * `content_entry (section) where singleton`, which is answered 409 here for every write, races included.
 */
@Injectable()
export class ContentWrites {
  constructor(
    private readonly em: EntityManager,
    private readonly eventBus: EventBus,
    private readonly outbox: TransactionalOutbox,
  ) {}

  async run<T>(section: SectionDef, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.runMany([section], work);
  }

  /** The same for a write to several sections in one transaction (publishing every draft). */
  async runMany<T>(
    sections: readonly SectionDef[],
    work: (em: EntityManager) => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await this.em.fork().transactional(async (em) => {
        const done = await work(em);
        // The worker's follow-ups (IndexNow) hear of the change through the outbox: with it or never.
        await this.outbox.commit(
          em,
          sections.map((section) => new ContentSectionChanged({ section: section.key })),
        );
        return done;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && sections.length > 0) {
        throw new ConflictException(CONTENT_MESSAGES.singletonExists(sections[0]!.label));
      }
      throw error;
    }
    for (const section of sections) this.eventBus.publish(new ContentChanged(section.key));
    return result;
  }
}
