import { SECTIONS } from './content/sections.js';
import { PUBLIC_PAGES } from './public-pages.js';

/** Pages of a signed-in customer, and the pages e-mailed links open (their tokens are in the query). */
const ACCOUNT_PATHS = [
  '/dashboard',
  '/pending-order',
  '/my-order',
  '/order-now/',
  '/pay-now/',
  '/received-payment/',
  '/order-cancelled/',
  // The order page (its customer's and the admins').
  '/orders/',
  '/reset',
  '/verify-email',
  // A staff invitation's link (single-use, private).
  '/invitation/',
  '/newsletter/',
  // A free SEO check's result (shareable, noindex): the form at /seo-check is the page to land on.
  '/seo-check/',
];

/**
 * The admin screens besides the content editors (web/src/app/admin/admin-screens.ts; a web test holds
 * the two together). `/admin` covers `/admin/…` and `/admin-user/…` too.
 */
const ADMIN_PATHS = [
  '/admin',
  '/setting',
  '/total-orders',
  '/add-paypal-Email',
  '/paypal-email/',
  '/all-messages',
  '/view/',
  '/all-subscriber',
  '/newsletters',
  '/add-user',
  // The main service's editor, an extra screen of the content admin (not in the registry).
  '/main-service-edit/',
];

/**
 * The robots.txt prefix of a content admin path: the part before its id (`/banner/{id}` → `/banner/`),
 * or a list path without its trailing slash, which the SPA ignores (`/edit-testimonial/` →
 * `/edit-testimonial`). The about editor, `/{id}`, has no prefix short of `/`: it is left to its
 * `noindex`.
 */
function contentAdminPrefix(path: string): string | undefined {
  const id = path.indexOf('{id}');
  if (id === -1) return path.replace(/(.)\/+$/, '$1');
  return id > 1 ? path.slice(0, id) : undefined;
}

/** Prefixes without those another one covers (`/edit-work` covers `/edit-work/`). */
const withoutCovered = (prefixes: string[]) =>
  [...new Set(prefixes)].filter(
    (prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other)),
  );

/** What crawlers are told to stay out of: the API, account pages and every admin screen. */
export const ROBOTS_DISALLOW: readonly string[] = withoutCovered([
  '/api/',
  ...ACCOUNT_PATHS,
  ...ADMIN_PATHS,
  ...SECTIONS.flatMap((section) =>
    [section.admin.listPath, section.admin.editPath].map(contentAdminPrefix),
  ).filter((prefix): prefix is string => prefix !== undefined),
]);

/**
 * What crawlers are told they may fetch: each public page (`/$` is the home page alone), and the
 * public content the pages render from, which a crawler running the page's script asks for.
 */
export const ROBOTS_ALLOW: readonly string[] = [
  ...PUBLIC_PAGES.map((page) => (page.path === '/' ? '/$' : page.path)),
  '/api/content$',
];

/** Whether a robots.txt pattern (a prefix, `*` for any characters, `$` for the end) matches a path. */
function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(path);
}

/**
 * Whether a crawler that follows RFC 9309 may fetch a path under these rules: the longest matching
 * pattern decides, an allow winning a tie; a path no rule matches is allowed.
 */
export function isCrawlable(path: string): boolean {
  const longest = (patterns: readonly string[]) =>
    Math.max(-1, ...patterns.filter((p) => patternMatches(p, path)).map((p) => p.length));
  return longest(ROBOTS_ALLOW) >= longest(ROBOTS_DISALLOW);
}
