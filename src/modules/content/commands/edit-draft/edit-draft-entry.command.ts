import { Command } from '@nestjs/cqrs';
import type { Entry } from '../../../../contracts/content/index.js';
import type { ContentActor } from '../../domain/content-actor.js';

/** What an admin's edit does to a draft's entry. */
export type DraftEdit =
  | { kind: 'create'; input: unknown }
  | { kind: 'update'; id: string; input: unknown }
  | { kind: 'delete'; id: string };

/** An admin editor's write, kept in the section's draft (the published entries keep serving). */
export class EditDraftEntryCommand extends Command<Entry | null> {
  constructor(
    readonly sectionKey: string,
    readonly edit: DraftEdit,
    readonly actor: ContentActor,
  ) {
    super();
  }
}
