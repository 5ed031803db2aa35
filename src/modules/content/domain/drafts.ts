import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException } from '@nestjs/common';
import {
  CONTENT_MESSAGES,
  type DraftSummary,
  type SectionDef,
} from '../../../contracts/content/index.js';
import { recordAudit } from '../../../platform/audit/audit-trail.js';
import type { ContentActor } from './content-actor.js';
import { type DraftChange, ContentDraft } from './content-draft.entity.js';
import { ContentEntry } from './content-entry.entity.js';
import { ContentPublishSchedule } from './content-publish-schedule.entity.js';
import { recordRevision } from './record-revision.js';
import { validEntryData } from './sections.js';
import { assertUniqueFields } from './unique-fields.js';

/** An entry as a draft holds it: its id and fields. */
export interface DraftEntry {
  id: string;
  data: Record<string, string>;
}

/** A section's published entries, oldest first (the order the public snapshot lists them in). */
export async function publishedEntries(em: EntityManager, section: string): Promise<DraftEntry[]> {
  const entries = await em.find(
    ContentEntry,
    { section },
    { orderBy: { createdAt: 'asc', id: 'asc' } },
  );
  return entries.map((entry) => ({ id: entry.id, data: entry.data }));
}

/** The entries with the changes applied: changed ones in place, deleted ones gone, new ones last. */
export function applyChanges(
  published: readonly DraftEntry[],
  changes: readonly DraftChange[],
): DraftEntry[] {
  const byId = new Map(changes.map((change) => [change.id, change.data]));
  const view: DraftEntry[] = [];
  for (const entry of published) {
    if (!byId.has(entry.id)) view.push(entry);
    else if (byId.get(entry.id) !== null) view.push({ id: entry.id, data: byId.get(entry.id)! });
  }
  const known = new Set(published.map((entry) => entry.id));
  for (const change of changes) {
    if (!known.has(change.id) && change.data !== null) {
      view.push({ id: change.id, data: change.data });
    }
  }
  return view;
}

/** The changes with one entry's new state (`null`: deleted), minus those that change nothing. */
export function withChange(
  published: readonly DraftEntry[],
  changes: readonly DraftChange[],
  change: DraftChange,
): DraftChange[] {
  const current = published.find((entry) => entry.id === change.id);
  const rest = changes.filter((other) => other.id !== change.id);
  if (current === undefined) {
    // A new entry: deleting it leaves nothing to publish.
    return change.data === null ? rest : replaceIn(changes, change);
  }
  if (change.data !== null && sameData(current.data, change.data)) return rest;
  return replaceIn(changes, change);
}

function replaceIn(changes: readonly DraftChange[], change: DraftChange): DraftChange[] {
  const at = changes.findIndex((other) => other.id === change.id);
  if (at < 0) return [...changes, change];
  return changes.map((other, index) => (index === at ? change : other));
}

export function sameData(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Refuses (409) a draft in which two entries share a unique field's value. */
export function assertUniqueInDraft(
  section: SectionDef,
  entries: readonly DraftEntry[],
  data: Record<string, string>,
  id: string,
): void {
  for (const field of section.fields) {
    const value = data[field.name];
    if (!field.unique || value === undefined) continue;
    if (entries.some((entry) => entry.id !== id && entry.data[field.name] === value)) {
      throw new ConflictException(CONTENT_MESSAGES.valueTaken(section.label, field.label, value));
    }
  }
}

/** The section's draft, locked until the transaction ends (writes to one draft go one at a time). */
export function lockDraft(em: EntityManager, section: string): Promise<ContentDraft | null> {
  return em.findOne(ContentDraft, { section }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** The section's draft, created empty when it has none, and locked. */
export async function lockOrStartDraft(em: EntityManager, section: string): Promise<ContentDraft> {
  await em
    .getConnection()
    .execute(
      `insert into content_draft (section, changes, updated_at) values (?, '[]', now()) on conflict do nothing`,
      [section],
      'run',
      em.getTransactionContext(),
    );
  const draft = await lockDraft(em, section);
  if (!draft) throw new Error(`The draft of ${section} vanished under its lock`);
  return draft;
}

/** Marks the section's pending planned publish (but `except`) cancelled; whether there was one. */
export async function cancelPendingSchedule(
  em: EntityManager,
  section: string,
  except?: string,
): Promise<ContentPublishSchedule | null> {
  const pending = await em.findOne(
    ContentPublishSchedule,
    { section, status: 'pending', ...(except && { id: { $ne: except } }) },
    { lockMode: LockMode.PESSIMISTIC_WRITE },
  );
  if (!pending) return null;
  pending.status = 'cancelled';
  pending.doneAt = new Date();
  return pending;
}

/**
 * Applies a locked draft to the published entries in the caller's transaction: each change checked
 * against today's rules, recorded in the history as published, the draft gone, any planned publish
 * of it cancelled and one audit entry for the whole publish. Returns how many entries changed.
 */
export async function publishDraft(
  em: EntityManager,
  section: SectionDef,
  draft: ContentDraft,
  actor: ContentActor,
  how: { schedule?: ContentPublishSchedule } = {},
): Promise<number> {
  const entries = await em.find(ContentEntry, { section: section.key });
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  let changed = 0;
  for (const change of draft.changes) {
    const entry = byId.get(change.id);
    const common = { entryId: change.id, section: section.key, actor, published: true };
    if (change.data === null) {
      if (!entry) continue;
      recordRevision(em, { ...common, action: 'deleted', before: entry.data, after: null });
      em.remove(entry);
      // Deleted before another may take its place (a singleton, a unique value).
      await em.flush();
      changed += 1;
      continue;
    }
    const data = validEntryData(section, change.data);
    await assertUniqueFields(em, section, data, change.id);
    if (entry) {
      if (sameData(entry.data, data)) continue;
      recordRevision(em, { ...common, action: 'updated', before: entry.data, after: data });
      entry.data = data;
    } else {
      em.create(ContentEntry, {
        id: change.id,
        section: section.key,
        singleton: section.kind === 'singleton',
        data,
      });
      recordRevision(em, { ...common, action: 'created', before: null, after: data });
    }
    await em.flush();
    changed += 1;
  }
  em.remove(draft);
  await cancelPendingSchedule(em, section.key, how.schedule?.id);
  const scheduled = how.schedule;
  recordAudit(em, actor, {
    kind: 'content.draft-published',
    targetType: `content:${section.key}`,
    targetId: scheduled?.id ?? null,
    summary: scheduled
      ? `${section.label}: draft went live as planned for ${scheduled.publishAt.toISOString()} (${changed} entries changed)`
      : `${section.label}: draft published (${changed} entries changed)`,
    before: null,
    after: {
      changes: draft.changes,
      ...(scheduled && { scheduledBy: scheduled.scheduledByEmail }),
    },
  });
  return changed;
}

/** A new id for an entry added to a draft (kept when it is published). */
export const newDraftEntryId = (): string => randomUUID();

/** What the section list shows of a draft. */
export function draftSummary(
  draft: ContentDraft,
  schedule: ContentPublishSchedule | null,
): DraftSummary {
  return {
    section: draft.section,
    changes: draft.changes.length,
    updatedBy: draft.updatedByEmail ?? null,
    updatedAt: draft.updatedAt.toISOString(),
    publishAt: schedule?.publishAt.toISOString() ?? null,
    scheduledBy: schedule?.scheduledByEmail ?? null,
  };
}
