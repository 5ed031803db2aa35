import { EntityManager } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Redirect as RedirectView } from '../../../../contracts/seo-redirects.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { Redirect } from '../domain/redirect.entity.js';
import {
  auditedRule,
  redirectNotFound,
  requireRedirectId,
  toRedirectView,
} from '../domain/redirect.view.js';
import { writeRedirect } from '../domain/redirect-writes.js';
import { DeleteRedirectCommand, SaveRedirectCommand } from './redirect-commands.js';

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

@CommandHandler(DeleteRedirectCommand)
export class DeleteRedirectHandler implements ICommandHandler<DeleteRedirectCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ redirectId, actor }: DeleteRedirectCommand): Promise<void> {
    const id = requireRedirectId(redirectId);
    await this.em.fork().transactional(async (em) => {
      const redirect = await em.findOne(Redirect, { id });
      if (!redirect) throw redirectNotFound();
      em.remove(redirect);
      recordAudit(em, actor, {
        kind: 'redirect.deleted',
        targetType: 'redirect',
        targetId: redirect.id,
        summary: `Redirect removed: ${redirect.fromPath}`,
        before: auditedRule(redirect),
      });
    });
  }
}
