import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A built stylesheet's link: `<link rel="stylesheet" crossorigin href="/assets/x-Ab12.css">`. */
const STYLESHEET_LINK =
  /<link\b(?=[^>]*\brel="stylesheet")[^>]*\bhref="(\/assets\/[\w.-]+\.css)"[^>]*?\s*\/?>/g;

/** The text of a built stylesheet by its path (`/assets/x-Ab12.css`); undefined if there is none. */
export type ReadStylesheet = (href: string) => Promise<string | undefined>;

/**
 * A server-rendered page with its stylesheets in the page: each built stylesheet link becomes a
 * `<style>` with the file's text, so that the first text paints without waiting for a request
 * (on a phone's network each one costs a round trip before anything shows). The link stays,
 * `disabled`: the browser does not fetch a disabled stylesheet, and the SPA's chunk loader (Vite's
 * preload helper, which skips a stylesheet already linked) does not load it again when the page's
 * routes load. A stylesheet that cannot be read, or that holds `</style`, keeps its plain link.
 */
export async function inlineStylesheets(html: string, read: ReadStylesheet): Promise<string> {
  const hrefs = new Set(Array.from(html.matchAll(STYLESHEET_LINK), ([, href]) => href!));
  const texts = new Map(
    await Promise.all([...hrefs].map(async (href) => [href, await read(href)] as const)),
  );
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = texts.get(href);
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style data-href="${href}">${css.trim()}</style>${link.replace(/\s*\/?>$/, ' disabled>')}`;
  });
}

/**
 * Reads the built stylesheets under `webDir` (`/assets/x.css` → webDir/assets/x.css), each once:
 * their names carry a hash of their content, so a name never stands for other text.
 */
export function builtStylesheets(webDir: string): ReadStylesheet {
  const texts = new Map<string, Promise<string | undefined>>();
  return (href) => {
    let text = texts.get(href);
    if (!text) {
      text = readFile(path.join(webDir, href), 'utf8').catch(() => {
        texts.delete(href);
        return undefined;
      });
      texts.set(href, text);
    }
    return text;
  };
}
