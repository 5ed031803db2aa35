import { Command } from '@nestjs/cqrs';
import type { Redirect, SaveRedirect } from '../../../../../contracts/seo-redirects.js';
import type { AuditActor } from '../../../../../platform/audit/audit-actor.js';

/** An admin adds a redirect rule (`redirectId` null) or changes one; audited. */
export class SaveRedirectCommand extends Command<Redirect> {
  constructor(
    readonly redirectId: string | null,
    readonly input: SaveRedirect,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
