import { Command } from '@nestjs/cqrs';
import type { Redirect, RedirectNotFound } from '../../../../../contracts/seo-redirects.js';
import type { AuditActor } from '../../../../../platform/audit/audit-actor.js';

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
