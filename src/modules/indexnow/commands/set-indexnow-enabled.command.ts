import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { AuditActor } from '../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import { newIndexNowKey } from '../domain/indexnow-config.js';
import { sqlIn } from '../domain/sql.js';

/** An admin turns IndexNow on or off (the SEO hub's switch), audited. */
export class SetIndexNowEnabledCommand extends Command<void> {
  constructor(
    readonly enabled: boolean,
    readonly actor: AuditActor,
  ) {
    super();
  }
}

@Injectable()
@CommandHandler(SetIndexNowEnabledCommand)
export class SetIndexNowEnabledHandler implements ICommandHandler<SetIndexNowEnabledCommand> {
  constructor(private readonly em: EntityManager) {}

  async execute({ enabled, actor }: SetIndexNowEnabledCommand): Promise<void> {
    await this.em.fork().transactional(async (tx) => {
      const sql = sqlIn(tx);
      const [before] = await sql<{ enabled: boolean }>(
        `select enabled from indexnow_settings where id = 1 for update`,
      );
      await sql(
        `insert into indexnow_settings (id, key, enabled, updated_at, updated_by)
         values (1, ?, ?, now(), ?)
         on conflict (id) do update
           set enabled = excluded.enabled, updated_at = now(), updated_by = excluded.updated_by`,
        [newIndexNowKey(), enabled, actor.email],
      );
      recordAudit(tx, actor, {
        kind: 'indexnow.settings-saved',
        targetType: 'indexnow',
        targetId: null,
        summary: `IndexNow turned ${enabled ? 'on' : 'off'}`,
        before: { enabled: before?.enabled ?? true },
        after: { enabled },
      });
      await tx.flush();
    });
  }
}
