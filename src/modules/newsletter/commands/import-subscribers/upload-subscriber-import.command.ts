import type { Readable } from 'node:stream';
import { Command } from '@nestjs/cqrs';
import type { SubscriberImport } from '../../../../contracts/subscriber-import.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';

/** Stores an uploaded CSV's rows as they stream in, for a preview and then an import. */
export class UploadSubscriberImportCommand extends Command<SubscriberImport> {
  constructor(
    readonly filename: string,
    readonly file: Readable,
    readonly actor: AuditActor,
  ) {
    super();
  }
}
