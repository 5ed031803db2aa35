import type { SeoCheck as SeoCheckView } from '../../../contracts/seo-check.js';
import type { SeoCheck } from './seo-check.entity.js';

export function toSeoCheckView(check: SeoCheck): SeoCheckView {
  return {
    id: check.id,
    url: check.url,
    status: check.status,
    createdAt: check.createdAt.toISOString(),
    finishedAt: check.finishedAt?.toISOString() ?? null,
    error: check.error ?? null,
    report: check.report ?? null,
  };
}
