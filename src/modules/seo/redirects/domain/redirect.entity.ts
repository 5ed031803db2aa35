import { defineEntity, p } from '@mikro-orm/core';
import { REDIRECT_MATCHES } from '../../../../contracts/seo-redirects.js';

/**
 * A redirect rule: requests for `fromPath` (or below it, for a prefix rule) answer 301 or 302 to
 * `toTarget`, or 410 Gone. `fromKey` is the path as rules match it (lower-case), unique per match.
 */
export const RedirectSchema = defineEntity({
  name: 'Redirect',
  tableName: 'seo_redirect',
  properties: {
    id: p.uuid().primary(),
    fromPath: p.string().length(500),
    fromKey: p.string().length(500),
    match: p.enum(REDIRECT_MATCHES),
    toTarget: p.string().length(2000).nullable(),
    status: p.smallint().$type<301 | 302 | 410>(),
    note: p.string().length(500).nullable(),
    updatedBy: p.string().length(254).nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class Redirect extends RedirectSchema.class {}
RedirectSchema.setClass(Redirect);
