import { defineEntity, p } from '@mikro-orm/core';
import { SEO_CHECK_STATUSES, type SeoCheckReport } from '../../../contracts/seo-check.js';

/** One visitor's SEO check of one address: queued, run by the worker, then its report or why not. */
export const SeoCheckSchema = defineEntity({
  name: 'SeoCheck',
  tableName: 'seo_check',
  properties: {
    id: p.uuid().primary(),
    /** The normalised address (`normalizeCheckUrl`): the key of the 24-hour cache. */
    url: p.string().length(2000),
    status: p.enum(SEO_CHECK_STATUSES),
    report: p.json<SeoCheckReport>().nullable(),
    error: p.text().nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
});

export class SeoCheck extends SeoCheckSchema.class {}
SeoCheckSchema.setClass(SeoCheck);
