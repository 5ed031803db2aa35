import { createRequire } from 'node:module';
import type { Parser as HtmlParser } from 'htmlparser2';

let loaded: typeof HtmlParser | undefined;

/**
 * htmlparser2's Parser (forgiving like a browser), read at the first page parsed: a process that never
 * reads a page (a worker until an SEO check or a page check comes) never loads it and its entity tables.
 */
export function htmlParser(): typeof HtmlParser {
  loaded ??= (createRequire(import.meta.url)('htmlparser2') as typeof import('htmlparser2')).Parser;
  return loaded;
}
