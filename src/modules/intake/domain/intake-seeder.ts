import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { ContentChanged } from '../../content/index.js';
import { DEMO_QUESTIONNAIRE } from './demo-questionnaire.js';
import { addFormVersion } from './intake-forms.js';

/**
 * The demo content's packages ship with the demo questionnaire: every pricing package the demo
 * content created (its first revision has no actor) that has no form version yet gets version 1.
 * Idempotent: once a package has a version (even one an admin emptied), it is never seeded again.
 * Runs at start-up and after the demo content was added (ContentChanged('*')), whichever comes last.
 */
@Injectable()
@EventsHandler(ContentChanged)
export class IntakeSeeder implements OnApplicationBootstrap, IEventHandler<ContentChanged> {
  private readonly logger = new Logger('IntakeSeeder');

  constructor(private readonly em: EntityManager) {}

  onApplicationBootstrap(): Promise<void> {
    return this.seed();
  }

  handle(event: ContentChanged): void {
    if (event.section !== '*' && event.section !== 'pricing') return;
    this.seed().catch((error: unknown) =>
      this.logger.error({ err: error }, 'The demo questionnaire could not be added'),
    );
  }

  async seed(): Promise<void> {
    const added = await this.em.fork().transactional(async (tx) => {
      // One process seeds; the others wait here and then find the versions there.
      await tx.execute(`select pg_advisory_xact_lock(hashtext('intake_seed'))`);
      const packages = await tx.execute<{ id: string }[]>(
        `select e.id from content_entry e
          where e.section = 'pricing'
            and exists (select 1 from content_revision r
                         where r.entry_id = e.id and r.action = 'created'
                           and r.actor_account_id is null and r.actor_email is null)
            and not exists (select 1 from intake_form_version v where v.package_id = e.id)`,
      );
      for (const pkg of packages) await addFormVersion(tx, pkg.id, DEMO_QUESTIONNAIRE, null);
      return packages.length;
    });
    if (added > 0) this.logger.log({ packages: added }, 'Demo questionnaire added');
  }
}
