import { NotFoundException } from '@nestjs/common';
import {
  REDIRECT_TEXTS,
  type Redirect as RedirectView,
} from '../../../../contracts/seo-redirects.js';
import { requireRecordId } from '../../../../platform/http/record-id.js';
import type { Redirect } from './redirect.entity.js';
import type { RedirectRule } from './redirect-rules.js';

export const redirectNotFound = () => new NotFoundException(REDIRECT_TEXTS.notFound);

/** A malformed id is the same 404 as an unknown one. */
export const requireRedirectId = (id: string) => requireRecordId(id, REDIRECT_TEXTS.notFound);

export const toRedirectView = (redirect: Redirect): RedirectView => ({
  _id: redirect.id,
  from: redirect.fromPath,
  to: redirect.toTarget ?? null,
  status: redirect.status,
  match: redirect.match,
  note: redirect.note ?? null,
  updatedBy: redirect.updatedBy ?? null,
  createdAt: redirect.createdAt.toISOString(),
  updatedAt: redirect.updatedAt.toISOString(),
});

export const toRule = (redirect: Redirect): RedirectRule & { from: string } => ({
  id: redirect.id,
  from: redirect.fromPath,
  fromKey: redirect.fromKey,
  match: redirect.match,
  to: redirect.toTarget ?? null,
  status: redirect.status,
});

/** What the audit log keeps of a rule. */
export const auditedRule = (redirect: Redirect) => ({
  from: redirect.fromPath,
  match: redirect.match,
  status: redirect.status,
  to: redirect.toTarget ?? null,
  note: redirect.note ?? null,
});
