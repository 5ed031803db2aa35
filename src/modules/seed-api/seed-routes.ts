import { SECTION_LIST } from '../../contracts/content/index.js';
import type { AccessLevel } from '../../platform/auth/access.js';

/** What a seed path does, in terms of the modules' own commands and queries. */
export type SeedTarget =
  | { kind: 'content.list' | 'content.get' | 'content.create' | 'content.update'; section: string }
  | { kind: 'adminUsers.list' | 'adminUsers.get' | 'adminUsers.create' | 'adminUsers.update' }
  | { kind: 'messages.send' }
  | { kind: 'subscribers.create' | 'subscribers.list' };

export interface SeedRoute {
  method: 'GET' | 'POST' | 'PUT';
  /** The seed's path (spec §7), served under /api; `{id}` is a record's _id. */
  path: string;
  access: AccessLevel;
  target: SeedTarget;
}

const contentRoutes: SeedRoute[] = SECTION_LIST.flatMap((section) => {
  const { list, create, get, update } = section.seed as Partial<Record<string, string>>;
  const at = (kind: Extract<SeedTarget, { section: string }>['kind']) => ({
    kind,
    section: section.key,
  });
  const routes: SeedRoute[] = [];
  if (list)
    routes.push({ method: 'GET', path: list, access: 'public', target: at('content.list') });
  if (get) routes.push({ method: 'GET', path: get, access: 'public', target: at('content.get') });
  if (create) {
    routes.push({ method: 'POST', path: create, access: 'admin', target: at('content.create') });
  }
  if (update) {
    routes.push({ method: 'PUT', path: update, access: 'admin', target: at('content.update') });
  }
  return routes;
});

/**
 * The old site's calls (spec §7), path for path, onto the same handlers as the canonical API: one table,
 * not a controller per path. Content rows come from the registry; the others are listed here. Writes
 * need an admin session, like everything that changes the site (but a visitor's message or newsletter
 * sign-up). Calls of features not built yet (orders, payment e-mail) join this table with those features.
 */
export const SEED_ROUTES: readonly SeedRoute[] = [
  ...contentRoutes,
  { method: 'GET', path: '/users', access: 'admin', target: { kind: 'adminUsers.list' } },
  { method: 'GET', path: '/users/{id}', access: 'admin', target: { kind: 'adminUsers.get' } },
  { method: 'POST', path: '/add-user', access: 'admin', target: { kind: 'adminUsers.create' } },
  {
    method: 'PUT',
    path: '/upadete-users/{id}',
    access: 'admin',
    target: { kind: 'adminUsers.update' },
  },
  { method: 'POST', path: '/add-message', access: 'public', target: { kind: 'messages.send' } },
  {
    method: 'POST',
    path: '/add-subscriber',
    access: 'public',
    target: { kind: 'subscribers.create' },
  },
  { method: 'GET', path: '/subscribers', access: 'admin', target: { kind: 'subscribers.list' } },
];
