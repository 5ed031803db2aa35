const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /\s*<meta\s+name="description"[^>]*>/;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/;
const HEAD_END = '</head>';
const ROOT = '<div id="root"></div>';

/** Whether the built index.html has the places the pages are written into. */
export function isPageTemplate(indexHtml: string): boolean {
  return TITLE.test(indexHtml) && indexHtml.includes(HEAD_END) && indexHtml.includes(ROOT);
}

/**
 * A server-rendered page: the built index.html with the page's head tags in place of its title and
 * description, the CSS and chunks of the page's routes, the rendered markup in the root element and
 * the page's state after it. The "needs JavaScript" notice goes: the page is readable without it.
 * (Replacements are functions: rendered text may hold `$&` and the like.)
 */
export function serverRenderedPage(
  indexHtml: string,
  page: { head: string; body: string; state: string },
  assetLinks: readonly string[],
): string {
  return indexHtml
    .replace(DESCRIPTION, () => '')
    .replace(TITLE, () => page.head)
    .replace(HEAD_END, () => `${assetLinks.map((link) => `  ${link}\n  `).join('')}${HEAD_END}`)
    .replace(NOSCRIPT, () => '')
    .replace(ROOT, () => `<div id="root">${page.body}</div>\n    ${page.state}`);
}

/** A page the SPA renders in the browser: index.html with `head` added and the page's state. */
export function clientRenderedPage(
  indexHtml: string,
  page: { head: string; state: string },
): string {
  return indexHtml
    .replace(TITLE, (title) => `${title}\n    ${page.head}`)
    .replace(ROOT, () => `${ROOT}\n    ${page.state}`);
}

/** Scripts but data ones (the page's state, JSON-LD), and the module preloads. */
const APP_SCRIPTS =
  /\s*<script\b(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>|\s*<link\b[^>]*rel="modulepreload"[^>]*>/g;

/**
 * A preview of a server-rendered page: `noindex`, and without the app's scripts, so it shows what
 * the server rendered (the drafts) and the app does not replace it with the published content.
 */
export function previewDocument(html: string): string {
  return html
    .replace(APP_SCRIPTS, () => '')
    .replace(HEAD_END, () => `  <meta name="robots" content="noindex, nofollow">\n  ${HEAD_END}`);
}
