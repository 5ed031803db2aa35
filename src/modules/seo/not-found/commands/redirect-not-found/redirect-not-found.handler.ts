import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Redirect, saveRedirectSchema } from '../../../../../contracts/seo-redirects.js';
import { APP_CONFIG, type AppConfig } from '../../../../../platform/config/app-config.js';
import {
  fieldMessages,
  ValidationFailedException,
} from '../../../../../platform/http/validation.js';
import { toRedirectView } from '../../../redirects/domain/redirect.view.js';
import { writeRedirect } from '../../../redirects/domain/redirect-writes.js';
import { lockedHit, removeHit, requireHitId } from '../../domain/not-found-hits.js';
import { RedirectNotFoundCommand } from './redirect-not-found.command.js';

/**
 * "Redirect this": the rule is checked like any other (its path too, as a rule's path), made with its
 * audit entry, and the 404 row removed, in one transaction.
 */
@CommandHandler(RedirectNotFoundCommand)
export class RedirectNotFoundHandler implements ICommandHandler<RedirectNotFoundCommand> {
  private readonly siteOrigin: string;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.siteOrigin = new URL(config.PUBLIC_URL).origin;
  }

  execute({ hitId, input, actor }: RedirectNotFoundCommand): Promise<Redirect> {
    const id = requireHitId(hitId);
    return this.em.fork().transactional(async (em) => {
      const hit = await lockedHit(em, id);
      const rule = saveRedirectSchema.safeParse({
        from: hit.path,
        to: input.to,
        status: 301,
        match: 'exact',
        note: input.note,
      });
      if (!rule.success) throw new ValidationFailedException(fieldMessages(rule.error.issues));
      const redirect = await writeRedirect(
        em,
        actor,
        null,
        rule.data,
        this.siteOrigin,
        ` (from the 404 monitor, ${hit.count} hits)`,
      );
      await removeHit(em, id);
      await em.flush();
      return toRedirectView(redirect);
    });
  }
}
