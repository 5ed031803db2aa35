import { GOOGLE_SIGN_IN_ERRORS } from '@contracts/identity';
import { type SitePage } from '../lib/seo/public-pages';

/**
 * The query parameters a server-rendered page renders with, in a normal form (so that `?error=x1`,
 * `?error=x2`… are one page): `/login` shows the Google sign-in's error, one message per known code
 * and the "failed" one for any other. Every other page reads none: its query is left out.
 */
const RENDERED_SEARCH: Partial<Record<SitePage, (params: URLSearchParams) => string>> = {
  '/login': (params) => {
    const code = params.get('error');
    if (!code) return '';
    return `?error=${Object.hasOwn(GOOGLE_SIGN_IN_ERRORS, code) ? code : 'failed'}`;
  },
};

export function renderedSearch(page: SitePage, params: URLSearchParams): string {
  return RENDERED_SEARCH[page]?.(params) ?? '';
}
