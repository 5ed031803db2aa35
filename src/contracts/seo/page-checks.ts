import { z } from 'zod';
import { PUBLIC_PAGE_PATHS, type PublicPagePath } from '../public-pages.js';

/**
 * The SEO checks of our own public pages, computed from each page as the server renders it now.
 *
 * Admin: GET /api/admin/seo/pages → PageCheckList (every public page, its score and checks)
 *        GET /api/admin/seo/pages/{pageId} → PageCheckReport (one page, with every check's details)
 */

export const CHECK_STATUSES = ['pass', 'warn', 'fail'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export const PAGE_CHECK_IDS = [
  'title',
  'description',
  'h1',
  'imageAlt',
  'shareImage',
  'canonical',
  'structuredData',
  'internalLinks',
  'wordCount',
] as const;
export type PageCheckId = (typeof PAGE_CHECK_IDS)[number];

/** What each check is called, and how much it weighs in the page's score (the weights add up to 100). */
export const PAGE_CHECKS: Record<PageCheckId, { label: string; weight: number }> = {
  title: { label: 'Title length', weight: 15 },
  description: { label: 'Meta description', weight: 15 },
  h1: { label: 'One H1 heading', weight: 12 },
  imageAlt: { label: 'Images with alt text', weight: 8 },
  shareImage: { label: 'Share image', weight: 8 },
  canonical: { label: 'Canonical URL', weight: 12 },
  structuredData: { label: 'Structured data', weight: 12 },
  internalLinks: { label: 'Internal links', weight: 10 },
  wordCount: { label: 'Word count', weight: 8 },
};

/** A check's part of the score: all of its weight when it passes, half when it warns, none when it fails. */
export const STATUS_CREDIT: Record<CheckStatus, number> = { pass: 1, warn: 0.5, fail: 0 };

export const pageCheckSchema = z.object({
  id: z.enum(PAGE_CHECK_IDS),
  label: z.string(),
  status: z.enum(CHECK_STATUSES),
  /** Why it has that status, in a sentence. */
  reason: z.string(),
  weight: z.number().int(),
  /** What the check found (a list of images, links, JSON-LD types…), shown with the page's details. */
  details: z.array(z.string()),
});
export type PageCheck = z.infer<typeof pageCheckSchema>;

/** The page id in URLs: `home` for `/`, else the path without its slashes (`pricing`). */
export function pageIdOf(path: PublicPagePath): string {
  return path.replace(/^\/|\/$/g, '') || 'home';
}

export function pageOfId(pageId: string): PublicPagePath | undefined {
  return PUBLIC_PAGE_PATHS.find((path) => pageIdOf(path) === pageId);
}

export const pageCheckReportSchema = z.object({
  pageId: z.string(),
  path: z.enum(PUBLIC_PAGE_PATHS),
  name: z.string(),
  /** The absolute URL of the page. */
  url: z.string(),
  /** The HTTP status the page is rendered with. */
  status: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** 0–100: the weighted share of the checks passed (a warning counts half). */
  score: z.number().int().min(0).max(100),
  checks: z.array(pageCheckSchema),
});
export type PageCheckReport = z.infer<typeof pageCheckReportSchema>;

export const pageCheckListSchema = z.object({ pages: z.array(pageCheckReportSchema) });
export type PageCheckList = z.infer<typeof pageCheckListSchema>;

/** The score of a set of checks (see STATUS_CREDIT). */
export function scoreOf(checks: readonly Pick<PageCheck, 'status' | 'weight'>[]): number {
  const total = checks.reduce((sum, check) => sum + check.weight, 0);
  if (total === 0) return 100;
  const earned = checks.reduce((sum, check) => sum + check.weight * STATUS_CREDIT[check.status], 0);
  return Math.round((earned / total) * 100);
}
