import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Redirect as RedirectView } from '../../../../../contracts/seo-redirects.js';
import { APP_CONFIG, type AppConfig } from '../../../../../platform/config/app-config.js';
import { requireRedirectId, toRedirectView } from '../../domain/redirect.view.js';
import { writeRedirect } from '../../domain/redirect-writes.js';
import { SaveRedirectCommand } from './save-redirect.command.js';

/** Adds or changes a rule with its audit entry, refused when it would loop or chain (see writeRedirect). */
@CommandHandler(SaveRedirectCommand)
export class SaveRedirectHandler implements ICommandHandler<SaveRedirectCommand> {
  private readonly siteOrigin: string;

  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.siteOrigin = new URL(config.PUBLIC_URL).origin;
  }

  execute({ redirectId, input, actor }: SaveRedirectCommand): Promise<RedirectView> {
    const id = redirectId === null ? null : requireRedirectId(redirectId);
    return this.em.fork().transactional(async (em) => {
      const redirect = await writeRedirect(em, actor, id, input, this.siteOrigin);
      await em.flush();
      return toRedirectView(redirect);
    });
  }
}
