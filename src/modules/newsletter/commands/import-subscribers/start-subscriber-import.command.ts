import { Command } from '@nestjs/cqrs';
import type {
  StartSubscriberImport,
  SubscriberImport,
} from '../../../../contracts/subscriber-import.js';

/** Starts (or, after a failure, resumes) an uploaded import in the worker. */
export class StartSubscriberImportCommand extends Command<SubscriberImport> {
  constructor(
    readonly importId: string,
    readonly input: StartSubscriberImport,
  ) {
    super();
  }
}
