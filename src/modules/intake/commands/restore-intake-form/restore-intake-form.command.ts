import { Command } from '@nestjs/cqrs';
import type { IntakeFormVersion } from '../../../../contracts/intake.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Saves an earlier version of a package's questionnaire again as the newest one; audited. */
export class RestoreIntakeFormCommand extends Command<IntakeFormVersion> {
  constructor(
    readonly packageId: string,
    readonly versionId: string,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
