import { z } from 'zod';
import { ROBOTS_DISALLOW } from './crawling.js';
import { pageOf, pageParams } from './paging.js';
import { storableString } from './text-fields.js';

/**
 * Redirects and the 404 monitor (issue 31 §1): rules applied to public page requests before they are
 * rendered, and the public paths that answered 404, counted.
 *
 * Admin: GET    /api/admin/seo/redirects                 → Redirect[] (by path)
 *        POST   /api/admin/seo/redirects                 SaveRedirect → 201 Redirect
 *        PUT    /api/admin/seo/redirects/{id}            SaveRedirect → Redirect
 *        DELETE /api/admin/seo/redirects/{id}            → 204
 *        GET    /api/admin/seo/not-found?page=&pageSize=&sort=count|lastSeen → NotFoundPage
 *        POST   /api/admin/seo/not-found/{id}/redirect   RedirectNotFound → 201 Redirect (the row goes)
 *        DELETE /api/admin/seo/not-found/{id}            → 204 (dismissed)
 */

export const REDIRECT_STATUSES = [301, 302, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const REDIRECT_MATCHES = ['exact', 'prefix'] as const;
export type RedirectMatch = (typeof REDIRECT_MATCHES)[number];

export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: '301 Moved permanently',
  302: '302 Found (temporary)',
  410: '410 Gone',
};

/** The longest `from` path a rule may have (and the longest 404 path kept). */
export const MAX_REDIRECT_PATH = 500;
const MAX_TARGET = 2000;

export const REDIRECT_TEXTS = {
  fromPath: "The old path must start with '/' (a path of this site, such as /old-page)",
  fromQuery: 'The old path is a path only: no query string (?…) or fragment (#…)',
  fromSpaces: 'The old path cannot contain spaces',
  fromReserved: 'API and asset paths are not pages: they cannot be redirected',
  fromRoot: 'A prefix rule for / would redirect the whole site',
  fromAccount:
    'Sign-in, account and admin pages cannot be redirected: nobody could sign in to undo it',
  toRequired: 'Enter the new path or address',
  toForm: "The target must be a path starting with '/' or an http(s):// address",
  toGone: 'A 410 (gone) rule has no target',
  duplicate: 'A rule for this path and match already exists',
  selfLoop: 'The target is redirected again by this same rule: a loop',
  loop: (from: string) => `The rule for ${from} redirects back here: a loop`,
  chain: (from: string) =>
    `The target is itself redirected (by the rule for ${from}): point at that rule's target instead`,
  targetOfOther: (from: string) =>
    `The rule for ${from} redirects to this path: it would take two hops (change that rule instead)`,
  notFound: 'No such redirect.',
  hitNotFound: 'No such 404 path (already redirected or dismissed).',
} as const;

/** Decodes percent-escapes where they are valid; a malformed escape is kept as it is. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A page path as rules read it (case kept): decoded, repeated slashes as one, no trailing slash
 * (`/` stays). `/Old//page/` and `/Old/page` are the same path.
 */
export function cleanPagePath(path: string): string {
  const clean = decodedPath(path).replace(/\/{2,}/g, '/');
  return clean.length > 1 ? clean.replace(/\/+$/, '') || '/' : clean;
}

/** The key rules match on: the clean path, lower-cased (the site's routes ignore case). */
export const pagePathKey = (path: string): string => cleanPagePath(path).toLowerCase();

/** Paths that are never pages (the API, the built assets): no rule applies to them. */
export const isReservedPath = (key: string): boolean =>
  /^\/(api|assets)(\/|$)/.test(key) || key === '/sitemap.xml' || key === '/robots.txt';

/**
 * The pages a rule may not take away: signing in, the account pages and every admin screen (what
 * robots.txt keeps crawlers out of, as prefixes).
 */
const KEPT_PAGE_PREFIXES = [
  ...ROBOTS_DISALLOW.filter((prefix) => !prefix.startsWith('/api')),
  '/login',
  '/register',
].map((prefix) => prefix.toLowerCase());

/** Whether a rule's path (as a key) is or covers a page no rule may take away. */
export const isKeptPage = (key: string): boolean =>
  KEPT_PAGE_PREFIXES.some((prefix) => key.startsWith(prefix) || `${key}/`.startsWith(prefix));

/** Whether a target is an absolute http(s) address (else it is a path of this site). */
export function isAbsoluteTarget(target: string): boolean {
  return /^https?:\/\//i.test(target);
}

function validTarget(target: string): boolean {
  if (/\s/.test(target)) return false;
  if (target.startsWith('/')) return !target.startsWith('//');
  if (!isAbsoluteTarget(target)) return false;
  try {
    const url = new URL(target);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const saveRedirectSchema = z
  .strictObject({
    from: storableString('The old path')
      .trim()
      .min(1, { error: REDIRECT_TEXTS.fromPath, abort: true })
      .max(MAX_REDIRECT_PATH, {
        error: `The old path must be at most ${MAX_REDIRECT_PATH} characters`,
        abort: true,
      })
      .refine((from) => from.startsWith('/'), { error: REDIRECT_TEXTS.fromPath, abort: true })
      .refine((from) => !/[?#]/.test(from), { error: REDIRECT_TEXTS.fromQuery, abort: true })
      .refine((from) => !/\s/.test(from), { error: REDIRECT_TEXTS.fromSpaces, abort: true })
      .transform(cleanPagePath)
      .refine((from) => !isReservedPath(from.toLowerCase()), {
        error: REDIRECT_TEXTS.fromReserved,
        abort: true,
      })
      .refine((from) => !isKeptPage(from.toLowerCase()), { error: REDIRECT_TEXTS.fromAccount }),
    to: storableString('The target')
      .trim()
      .max(MAX_TARGET, { error: `The target must be at most ${MAX_TARGET} characters` })
      .nullable()
      .optional()
      .transform((to) => to || null),
    status: z.literal(REDIRECT_STATUSES, { error: 'Choose 301, 302 or 410' }),
    match: z.enum(REDIRECT_MATCHES, { error: 'Choose exact or prefix' }).default('exact'),
    note: storableString('The note')
      .trim()
      .max(500, { error: 'The note must be at most 500 characters' })
      .nullable()
      .optional()
      .transform((note) => note || null),
  })
  .superRefine((rule, context) => {
    const issue = (path: 'from' | 'to', message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (rule.match === 'prefix' && rule.from === '/') issue('from', REDIRECT_TEXTS.fromRoot);
    if (rule.status === 410) {
      if (rule.to !== null) issue('to', REDIRECT_TEXTS.toGone);
    } else if (rule.to === null) issue('to', REDIRECT_TEXTS.toRequired);
    else if (!validTarget(rule.to)) issue('to', REDIRECT_TEXTS.toForm);
  })
  .meta({ id: 'SaveRedirect' });
export type SaveRedirectInput = z.input<typeof saveRedirectSchema>;
export type SaveRedirect = z.output<typeof saveRedirectSchema>;

export const redirectSchema = z
  .object({
    _id: z.uuid(),
    from: z.string(),
    to: z.string().nullable(),
    status: z.literal(REDIRECT_STATUSES),
    match: z.enum(REDIRECT_MATCHES),
    note: z.string().nullable(),
    updatedBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Redirect' });
export type Redirect = z.infer<typeof redirectSchema>;

/** "Redirect this": a 301 from the 404's path to what the admin enters. */
export const redirectNotFoundSchema = z
  .strictObject({
    to: storableString('The target')
      .trim()
      .min(1, { error: REDIRECT_TEXTS.toRequired, abort: true })
      .max(MAX_TARGET, { error: `The target must be at most ${MAX_TARGET} characters` })
      .refine(validTarget, { error: REDIRECT_TEXTS.toForm }),
    note: storableString('The note')
      .trim()
      .max(500, { error: 'The note must be at most 500 characters' })
      .nullable()
      .optional()
      .transform((note) => note || null),
  })
  .meta({ id: 'RedirectNotFound' });
export type RedirectNotFoundInput = z.input<typeof redirectNotFoundSchema>;
export type RedirectNotFound = z.output<typeof redirectNotFoundSchema>;

export const NOT_FOUND_SORTS = ['count', 'lastSeen'] as const;
export type NotFoundSort = (typeof NOT_FOUND_SORTS)[number];
export const NOT_FOUND_PAGE_SIZE = { default: 50, max: 200 } as const;

export const notFoundListQuerySchema = z.object({
  ...pageParams(NOT_FOUND_PAGE_SIZE.default, NOT_FOUND_PAGE_SIZE.max),
  sort: z.enum(NOT_FOUND_SORTS, { error: 'sort must be count or lastSeen' }).default('count'),
});
export type NotFoundListQuery = z.output<typeof notFoundListQuerySchema>;

/** A public path that answered 404: how often, when last, and the host of the last referrer. */
export const notFoundHitSchema = z
  .object({
    _id: z.uuid(),
    path: z.string(),
    count: z.number().int(),
    firstSeenAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    referrerHost: z.string().nullable(),
  })
  .meta({ id: 'NotFoundHit' });
export type NotFoundHit = z.infer<typeof notFoundHitSchema>;

export const notFoundPageSchema = pageOf(notFoundHitSchema).meta({ id: 'NotFoundPage' });
export type NotFoundPage = z.infer<typeof notFoundPageSchema>;
