import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type Redirect,
  type RedirectNotFound,
  REDIRECT_TEXTS,
  saveRedirectSchema,
} from '../../../../contracts/seo-redirects.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import { fieldMessages, ValidationFailedException } from '../../../../platform/http/validation.js';
import { toRedirectView } from '../../redirects/domain/redirect.view.js';
import { writeRedirect } from '../../redirects/domain/redirect-writes.js';

/** "Redirect this": a 301 from a 404's path to the target the admin entered; the 404 row goes. */
export class RedirectNotFoundCommand extends Command<Redirect> {
  constructor(
    readonly hitId: string,
    readonly input: RedirectNotFound,
    readonly actor: AuditActor,
  ) {
    super();
  }
}

/** An admin dismisses a 404 path (it is counted afresh if it is asked for again). */
export class DismissNotFoundCommand extends Command<void> {
  constructor(
    readonly hitId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}

const requireHitId = (id: string) => requireRecordId(id, REDIRECT_TEXTS.hitNotFound);

/** The 404 row, locked for the transaction (404 when there is none). */
async function lockedHit(em: EntityManager, id: string): Promise<{ path: string; count: string }> {
  const [hit] = await em.execute<{ path: string; count: string }[]>(
    'select "path", "count" from "seo_not_found" where "id" = ? for update',
    [id],
  );
  if (!hit) throw new NotFoundException(REDIRECT_TEXTS.hitNotFound);
  return hit;
}

const removeHit = (em: EntityManager, id: string) =>
  em.execute('delete from "seo_not_found" where "id" = ?', [id]);

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

@CommandHandler(DismissNotFoundCommand)
export class DismissNotFoundHandler implements ICommandHandler<DismissNotFoundCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ hitId, actor }: DismissNotFoundCommand): Promise<void> {
    const id = requireHitId(hitId);
    await this.em.fork().transactional(async (em) => {
      const hit = await lockedHit(em, id);
      await removeHit(em, id);
      recordAudit(em, actor, {
        kind: 'not-found.dismissed',
        targetType: 'not-found',
        targetId: id,
        summary: `404 path dismissed: ${hit.path} (${hit.count} hits)`,
        before: { path: hit.path, count: Number(hit.count) },
      });
    });
  }
}
