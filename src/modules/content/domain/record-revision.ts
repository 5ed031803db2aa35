import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { findSection, type REVISION_ACTIONS } from '../../../contracts/content/index.js';
import type { AuditKind } from '../../../contracts/audit.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import type { ContentActor } from './content-actor.js';
import { ContentRevision } from './content-revision.entity.js';

export interface RevisionInput {
  entryId: string;
  section: string;
  action: (typeof REVISION_ACTIONS)[number];
  before: Record<string, string> | null;
  after: Record<string, string> | null;
  actor: ContentActor | null;
  /**
   * Made by publishing a draft: marked so in the history, and audited once for the whole publish
   * (content.draft-published) instead of per entry.
   */
  published?: boolean;
}

const AUDIT_KIND_OF: Record<RevisionInput['action'], AuditKind> = {
  created: 'content.created',
  updated: 'content.updated',
  deleted: 'content.deleted',
  restored: 'content.restored',
};

/**
 * Adds a revision, and the admin's audit entry, to the caller's unit of work, so both commit with the
 * change they describe.
 */
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
    published: input.published ?? false,
  });
  if (input.actor && !input.published) {
    const label = findSection(input.section)?.label ?? input.section;
    recordAudit(em, input.actor, {
      kind: AUDIT_KIND_OF[input.action],
      targetType: `content:${input.section}`,
      targetId: input.entryId,
      summary: `${label}: entry ${input.action}`,
      before: input.before,
      after: input.after,
    });
  }
}
