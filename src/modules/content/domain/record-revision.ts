import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import type { REVISION_ACTIONS } from '../../../contracts/content/index.js';
import type { ContentActor } from './content-actor.js';
import { ContentRevision } from './content-revision.entity.js';

export interface RevisionInput {
  entryId: string;
  section: string;
  action: (typeof REVISION_ACTIONS)[number];
  before: Record<string, string> | null;
  after: Record<string, string> | null;
  actor: ContentActor | null;
}

/** Adds a revision to the caller's unit of work, so it commits with the change it describes. */
export function recordRevision(em: EntityManager, input: RevisionInput): void {
  em.create(ContentRevision, {
    id: randomUUID(),
    entryId: input.entryId,
    section: input.section,
    action: input.action,
    before: input.before,
    after: input.after,
    actorAccountId: input.actor?.accountId ?? null,
    actorEmail: input.actor?.email ?? null,
    at: new Date(),
  });
}
