import { describe, expect, it } from '@jest/globals';
import {
  pagePathKey,
  REDIRECT_TEXTS,
  saveRedirectSchema,
} from '../../src/contracts/seo-redirects.js';
import {
  redirectLocation,
  type RedirectRule,
  RedirectTable,
  ruleProblem,
} from '../../src/modules/seo/redirects/domain/redirect-rules.js';

const SITE = 'https://agency.example';
let nextId = 0;
const rule = (
  from: string,
  to: string | null,
  match: 'exact' | 'prefix' = 'exact',
  status: 301 | 302 | 410 = 301,
): RedirectRule & { from: string } => ({
  id: String(++nextId),
  from,
  fromKey: pagePathKey(from),
  match,
  to,
  status,
});

describe('a page path as rules read it', () => {
  it.each([
    ['/Old//Page/', '/old/page'],
    ['/caf%C3%A9', '/café'],
    ['/bad%zz', '/bad%zz'],
    ['/', '/'],
    ['//', '/'],
  ])('%s is %s', (path, key) => {
    expect(pagePathKey(path)).toBe(key);
  });

  it('the saved path is cleaned the same way, its case kept', () => {
    const parsed = saveRedirectSchema.parse({ from: ' /Old//Page/ ', to: '/new', status: 301 });
    expect(parsed).toStrictEqual({
      from: '/Old/Page',
      to: '/new',
      status: 301,
      match: 'exact',
      note: null,
    });
  });
});

describe('the table', () => {
  const table = new RedirectTable([
    rule('/blog', '/news', 'prefix'),
    rule('/blog/archive', '/old-news', 'prefix'),
    rule('/blog/archive/best', '/pricing/'),
  ]);

  it.each([
    ['/blog', '/blog'],
    ['/blog/x', '/blog'],
    ['/blogger', undefined],
    ['/blog/archive/2020', '/blog/archive'],
    ['/blog/archive/best', '/blog/archive/best'],
  ])('%s is answered by the rule of %s (an exact rule, else the longest prefix)', (key, from) => {
    expect(table.find(key)?.fromKey).toBe(from);
  });
});

describe('where a rule sends a request', () => {
  it.each([
    [rule('/a', '/b'), '/a', '?x=1', '/b?x=1'],
    [rule('/a', '/b?keep=1'), '/a', '?x=1', '/b?keep=1&x=1'],
    [rule('/a', 'https://other.example/b?ref=1'), '/a', '?x=1', 'https://other.example/b?ref=1'],
    [rule('/docs', '/help/', 'prefix'), '/docs/Intro Page/two', '', '/help/Intro%20Page/two'],
    [
      rule('/docs', 'https://other.example/kb', 'prefix'),
      '/docs/a',
      '?q=1',
      'https://other.example/kb/a',
    ],
    [rule('/a', '/café'), '/a', '', '/caf%C3%A9'],
  ])('%j for %s%s: %s', (applied, path, search, location) => {
    expect(redirectLocation(applied, path, search)).toBe(location);
  });
});

describe('rules refused', () => {
  const problem = (
    from: string,
    to: string | null,
    others: (RedirectRule & { from: string })[],
    match: 'exact' | 'prefix' = 'exact',
  ) => {
    const { fromKey } = rule(from, to);
    const status = to === null ? 410 : 301;
    return ruleProblem({ fromKey, match, to, status }, others, SITE);
  };

  it('a loop, a chain, a target of another rule, a duplicate; none for a rule elsewhere', () => {
    const ab = rule('/a', '/b');
    expect(problem('/b', '/a', [ab])).toStrictEqual({
      field: 'to',
      message: REDIRECT_TEXTS.loop('/a'),
    });
    expect(problem('/c', '/a', [ab])).toStrictEqual({
      field: 'to',
      message: REDIRECT_TEXTS.chain('/a'),
    });
    expect(problem('/c', `${SITE}/A`, [ab])).toStrictEqual({
      field: 'to',
      message: REDIRECT_TEXTS.chain('/a'),
    });
    expect(problem('/b', null, [ab])).toStrictEqual({
      field: 'from',
      message: REDIRECT_TEXTS.targetOfOther('/a'),
    });
    expect(problem('/A', '/z', [ab])).toStrictEqual({
      field: 'from',
      message: REDIRECT_TEXTS.duplicate,
    });
    expect(problem('/c', 'https://elsewhere.example/a', [ab])).toBeNull();
    expect(problem('/a', '/z', [ab], 'prefix')).toBeNull();
  });

  it('prefix rules count with every path they cover', () => {
    const docs = rule('/docs', '/help', 'prefix');
    expect(problem('/help/faq', '/x', [docs])).toStrictEqual({
      field: 'from',
      message: REDIRECT_TEXTS.targetOfOther('/docs'),
    });
    expect(problem('/x', '/docs/intro', [docs])).toStrictEqual({
      field: 'to',
      message: REDIRECT_TEXTS.chain('/docs'),
    });
    expect(problem('/help', '/docs', [docs], 'prefix')).toStrictEqual({
      field: 'to',
      message: REDIRECT_TEXTS.loop('/docs'),
    });
    expect(problem('/p', '/p/new', [], 'prefix')).toStrictEqual({
      field: 'to',
      message: REDIRECT_TEXTS.selfLoop,
    });
    expect(problem('/helpdesk', '/x', [docs])).toBeNull();
  });
});
