import {
  isAbsoluteTarget,
  pagePathKey,
  REDIRECT_TEXTS,
  type RedirectMatch,
  type RedirectStatus,
} from '../../../../contracts/seo-redirects.js';

/** A rule as the table applies it: its `from` as a key (see pagePathKey). */
export interface RedirectRule {
  id: string;
  fromKey: string;
  match: RedirectMatch;
  to: string | null;
  status: RedirectStatus;
}

/** Whether `key` is `base` or a path below it (`/a/b` is below `/a`; `/ab` is not). */
const isUnder = (key: string, base: string): boolean =>
  key === base || key.startsWith(base === '/' ? '/' : `${base}/`);

/** Whether a rule applies to a page path (as a key). */
export const ruleCovers = (rule: Pick<RedirectRule, 'fromKey' | 'match'>, key: string): boolean =>
  rule.match === 'exact' ? rule.fromKey === key : isUnder(key, rule.fromKey);

/**
 * The rules of the site, ready to look up: an exact rule first, else the longest prefix rule that
 * covers the path.
 */
export class RedirectTable {
  private readonly exact = new Map<string, RedirectRule>();
  private readonly prefixes: RedirectRule[];

  constructor(readonly rules: readonly RedirectRule[]) {
    for (const rule of rules) if (rule.match === 'exact') this.exact.set(rule.fromKey, rule);
    this.prefixes = rules
      .filter((rule) => rule.match === 'prefix')
      .sort((a, b) => b.fromKey.length - a.fromKey.length);
  }

  get size(): number {
    return this.rules.length;
  }

  find(key: string): RedirectRule | undefined {
    return this.exact.get(key) ?? this.prefixes.find((rule) => ruleCovers(rule, key));
  }
}

/** Encodes what a visitor typed after a prefix, keeping its slashes. */
const encodedRest = (rest: string) =>
  rest
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');

/**
 * Where a rule sends a request for `cleanPath` (decoded, case kept) with its query `search` (`?…` or
 * ''): a prefix rule maps the rest of the path onto its target; a path target keeps the query.
 */
export function redirectLocation(rule: RedirectRule, cleanPath: string, search: string): string {
  // A header carries ASCII only: what an admin typed beyond it is percent-encoded.
  return unencodedLocation(rule, cleanPath, search).replace(/[^\x21-\x7e]+/g, encodeURIComponent);
}

function unencodedLocation(rule: RedirectRule, cleanPath: string, search: string): string {
  const to = rule.to ?? '/';
  const rest = rule.match === 'prefix' ? cleanPath.slice(rule.fromKey.length) : '';
  const [base = '', query] = splitQuery(to);
  const joined = rest ? `${base.replace(/\/+$/, '')}${encodedRest(rest)}` : base;
  if (isAbsoluteTarget(to)) return query === undefined ? joined : `${joined}?${query}`;
  const queries = [query, search.replace(/^\?/, '')].filter((part) => part);
  return queries.length ? `${joined}?${queries.join('&')}` : joined;
}

function splitQuery(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

/** The paths of this site a rule lands on (a prefix rule: a whole subtree), or none. */
interface Landing {
  key: string;
  subtree: boolean;
}

function landingOf(rule: Omit<RedirectRule, 'id'>, siteOrigin: string): Landing | null {
  if (rule.to === null) return null;
  let path = rule.to;
  if (isAbsoluteTarget(path)) {
    const url = new URL(path);
    if (url.origin !== siteOrigin) return null;
    path = url.pathname;
  }
  return { key: pagePathKey(splitQuery(path)[0] ?? '/'), subtree: rule.match === 'prefix' };
}

/** Whether a rule applies to some path of a landing. */
const appliesTo = (rule: Pick<RedirectRule, 'fromKey' | 'match'>, landing: Landing): boolean =>
  ruleCovers(rule, landing.key) || (landing.subtree && isUnder(rule.fromKey, landing.key));

/** What is wrong with a rule among the others (none: it may be saved), by field. */
export type RuleProblem = { field: 'from' | 'to'; message: string };

/**
 * Refuses what would make a visitor take more than one hop: a rule whose target another rule (or
 * itself) redirects again, a rule whose path is another's target, loops among them (prefix rules
 * count with every path they cover), and a second rule for the same path and match.
 */
export function ruleProblem(
  rule: Omit<RedirectRule, 'id'>,
  others: readonly (RedirectRule & { from: string })[],
  siteOrigin: string,
): RuleProblem | null {
  if (others.some((other) => other.fromKey === rule.fromKey && other.match === rule.match)) {
    return { field: 'from', message: REDIRECT_TEXTS.duplicate };
  }
  const landing = landingOf(rule, siteOrigin);
  if (landing && appliesTo(rule, landing)) return { field: 'to', message: REDIRECT_TEXTS.selfLoop };
  for (const other of others) {
    const otherLanding = landingOf(other, siteOrigin);
    const intoOther = landing !== null && appliesTo(other, landing);
    const backHere = otherLanding !== null && appliesTo(rule, otherLanding);
    if (intoOther && backHere) return { field: 'to', message: REDIRECT_TEXTS.loop(other.from) };
    if (intoOther) return { field: 'to', message: REDIRECT_TEXTS.chain(other.from) };
    if (backHere) return { field: 'from', message: REDIRECT_TEXTS.targetOfOther(other.from) };
  }
  return null;
}
