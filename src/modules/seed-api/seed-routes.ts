import { SECTION_LIST } from '../../contracts/content/index.js';
import { STAFF } from '../../contracts/identity.js';
import type { AccessLevel } from '../../platform/auth/access.js';

/** What a seed path does, in terms of the modules' own commands and queries. */
export type SeedTarget =
  | { kind: 'content.list' | 'content.get' | 'content.create' | 'content.update'; section: string }
  | { kind: 'adminUsers.list' | 'adminUsers.get' | 'adminUsers.create' | 'adminUsers.update' }
  | { kind: 'messages.send' | 'messages.list' | 'messages.get' | 'messages.markRead' }
  | { kind: 'subscribers.create' | 'subscribers.list' }
  | { kind: 'orders.place' | 'orders.list' | 'orders.get' | 'orders.cancel' | 'orders.setStatus' }
  | {
      kind:
        | 'paymentAccounts.create'
        | 'paymentAccounts.list'
        | 'paymentAccounts.get'
        | 'paymentAccounts.update';
    };

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
    routes.push({
      method: 'POST',
      path: create,
      access: STAFF.content,
      target: at('content.create'),
    });
  }
  if (update) {
    routes.push({
      method: 'PUT',
      path: update,
      access: STAFF.content,
      target: at('content.update'),
    });
  }
  return routes;
});

/**
 * The old site's calls (spec §7), path for path, onto the same handlers as the canonical API: one table,
 * not a controller per path. Content rows come from the registry; the others are listed here. Writes
 * need an admin session, like everything that changes the site (but a visitor's message or newsletter
 * sign-up, and a customer's own orders: placing, reading and cancelling them).
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
  { method: 'GET', path: '/messages', access: STAFF.orders, target: { kind: 'messages.list' } },
  { method: 'GET', path: '/message/{id}', access: STAFF.orders, target: { kind: 'messages.get' } },
  {
    method: 'PUT',
    path: '/message/{id}',
    access: STAFF.orders,
    target: { kind: 'messages.markRead' },
  },
  {
    method: 'POST',
    path: '/add-subscriber',
    access: 'public',
    target: { kind: 'subscribers.create' },
  },
  { method: 'GET', path: '/subscribers', access: 'admin', target: { kind: 'subscribers.list' } },
  { method: 'POST', path: '/new-order', access: 'customer', target: { kind: 'orders.place' } },
  { method: 'GET', path: '/orders', access: 'customer', target: { kind: 'orders.list' } },
  { method: 'GET', path: '/order/{id}', access: 'customer', target: { kind: 'orders.get' } },
  {
    method: 'PUT',
    path: '/order-cancelled/{id}',
    access: 'customer',
    target: { kind: 'orders.cancel' },
  },
  {
    method: 'PUT',
    path: '/order-status/{id}',
    access: 'admin',
    target: { kind: 'orders.setStatus' },
  },
  {
    method: 'POST',
    path: '/add-email',
    access: 'admin',
    target: { kind: 'paymentAccounts.create' },
  },
  {
    method: 'GET',
    path: '/paypal-email',
    access: 'admin',
    target: { kind: 'paymentAccounts.list' },
  },
  {
    method: 'GET',
    path: '/paypal-email/{id}',
    access: 'admin',
    target: { kind: 'paymentAccounts.get' },
  },
  {
    method: 'PUT',
    path: '/paypal-email/{id}',
    access: 'admin',
    target: { kind: 'paymentAccounts.update' },
  },
];
