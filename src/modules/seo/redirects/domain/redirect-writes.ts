import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SaveRedirect } from '../../../../contracts/seo-redirects.js';
import type { AuditActor } from '../../../../platform/audit/audit-actor.js';
import { recordAudit } from '../../../../platform/audit/audit-trail.js';
import { ValidationFailedException } from '../../../../platform/http/validation.js';
import { Redirect } from './redirect.entity.js';
import { ruleProblem } from './redirect-rules.js';
import { auditedRule, redirectNotFound, toRule } from './redirect.view.js';

/** One change to the rules at a time: each is checked against all the others (loops, chains). */
const LOCK_REDIRECTS_SQL = 'lock table "seo_redirect" in share row exclusive mode';

/**
 * Adds a rule (`id` null) or changes one, in the caller's transaction, with its audit entry: refused
 * (400 naming the field) when it would repeat a rule or make a loop or a chain of two hops.
 */
export async function writeRedirect(
  em: EntityManager,
  actor: AuditActor,
  id: string | null,
  input: SaveRedirect,
  siteOrigin: string,
  auditNote?: string,
): Promise<Redirect> {
  await em.execute(LOCK_REDIRECTS_SQL);
  const existing = id === null ? null : await em.findOne(Redirect, { id });
  if (id !== null && !existing) throw redirectNotFound();
  const others = (await em.find(Redirect, id === null ? {} : { id: { $ne: id } })).map(toRule);
  const fromKey = input.from.toLowerCase();
  const problem = ruleProblem(
    { fromKey, match: input.match, to: input.to, status: input.status },
    others,
    siteOrigin,
  );
  if (problem) throw new ValidationFailedException({ [problem.field]: problem.message });
  const now = new Date();
  const before = existing ? auditedRule(existing) : null;
  const redirect =
    existing ??
    em.create(Redirect, {
      id: randomUUID(),
      fromPath: input.from,
      fromKey,
      match: input.match,
      toTarget: input.to,
      status: input.status,
      note: input.note,
      updatedBy: actor.email,
      createdAt: now,
      updatedAt: now,
    });
  Object.assign(redirect, {
    fromPath: input.from,
    fromKey,
    match: input.match,
    toTarget: input.to,
    status: input.status,
    note: input.note,
    updatedBy: actor.email,
    updatedAt: now,
  });
  const target = input.status === 410 ? 'gone (410)' : `${input.status} to ${input.to}`;
  recordAudit(em, actor, {
    kind: existing ? 'redirect.updated' : 'redirect.created',
    targetType: 'redirect',
    targetId: redirect.id,
    summary: `Redirect ${existing ? 'changed' : 'added'}: ${input.from}${input.match === 'prefix' ? ' (and below)' : ''} ${target}${auditNote ?? ''}`,
    before,
    after: auditedRule(redirect),
  });
  return redirect;
}
