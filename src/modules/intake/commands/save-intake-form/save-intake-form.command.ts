import { Command } from '@nestjs/cqrs';
import type { IntakeField, IntakeFormVersion } from '../../../../contracts/intake.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Saves a package's questionnaire as its next version (no fields: it asks nothing); audited. */
export class SaveIntakeFormCommand extends Command<IntakeFormVersion> {
  constructor(
    readonly packageId: string,
    readonly fields: IntakeField[],
    readonly actor: AuditActor,
  ) {
    super();
  }
}
