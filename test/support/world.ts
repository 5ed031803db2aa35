/**
 * The test world of an integration file: its services (a fresh database, Redis, a mailbox), the built
 * app started once for the file, and the people and orders a test needs, made on demand.
 *
 *   const world = useWorld({ name: 'orders', simulateClientIps: true });
 *   const admin = await world.admin();              // the env admin, signed in (one session a file)
 *   const { client, email } = await world.customer(); // a new verified customer, signed in
 *   const order = await world.order({ paid: true });  // the Premium package, placed by a new customer
 *
 * Call `useWorld()` at the top level of a test file (or of a `describe`): it registers the hooks that
 * start and stop everything. Nothing beyond the app is made until a test asks for it, and what is
 * shared (the admin's session, the Premium package's id) is made once: a suite pays only for what it
 * uses.
 *
 * An order's payment is recorded offline by the admin (POST /api/admin/orders/:id/payment, "Bank
 * transfer"), and a cancelled order is cancelled by its customer: both are one request with no PayPal
 * in the way, so every suite can use them. The suites whose subject is paying through PayPal (payments,
 * paypal-checkout) pay through the simulator themselves.
 */
import { beforeAll } from '@jest/globals';
import { type HttpClient } from './http-client.js';
import { assertStatus, type Json, loginOk, strongPassword, uid } from './identity.js';
import {
  type IdentityApp,
  type IdentitySuite,
  startIdentityApp,
  type StartIdentityAppOptions,
  useIdentitySuite,
} from './identity-suite.js';
import { type Customer, oneOffPremiumPackageId, placeOrderBody, signedInCustomer } from './shop.js';

export type { Customer } from './shop.js';

/** How the file's app is started (its env admin is the world's). */
export type WorldAppOptions = Omit<StartIdentityAppOptions, 'adminEmail' | 'adminPassword'>;

export interface OrderOptions {
  /** Who places it; a new customer when not given. */
  by?: Customer;
  /** The package; Premium ($499.00, billed one-off) when not given. */
  packageId?: string;
  customerName?: string;
  /** Paid: the admin records an offline payment ("Bank transfer"). */
  paid?: true;
  /** Cancelled by its customer (not with `paid`: a paid order cannot be cancelled). */
  cancelled?: true;
}

export interface PlacedOrder {
  id: string;
  /** The customer who placed it. */
  customer: Customer;
  /** The order as POST /api/orders answered it (before any payment or cancelling). */
  placed: Json;
}

export interface World extends IdentitySuite {
  /** The file's app (started before the first test). */
  readonly api: IdentityApp;
  /** The env admin (ADMIN_EMAIL, ADMIN_PASSWORD) of every app the world starts. */
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** The env admin, signed in on a client of its own: one session for the whole file. */
  admin(): Promise<HttpClient>;
  /** A new verified customer, signed in on a client of its own. */
  customer(): Promise<Customer>;
  /** A new verified account the env admin put on the admin users with a staff role, signed in. */
  staff(role: 'Editor' | 'Support'): Promise<Customer>;
  /**
   * The demo content's Premium package ($499.00), billed one-off in the file's app (the demo bills it
   * monthly; orders of it are paid once, as the payment suites pay).
   */
  premiumPackageId(): Promise<string>;
  /** The admin records an offline payment ("Bank transfer") of the order: 200. */
  recordPayment(orderId: string): Promise<void>;
  /** An order placed (and, when asked, paid or cancelled) through the API. */
  order(options?: OrderOptions): Promise<PlacedOrder>;
  /** Another app on the world's services, with the world's env admin. */
  startApp(options: WorldAppOptions): Promise<IdentityApp>;
  /**
   * Starts the world's app (`api`) before the tests of the current `describe` (for a world made
   * without one). It runs until the file ends.
   */
  useApp(app: AppOptionsSource): void;
}

type AppOptionsSource = WorldAppOptions | (() => WorldAppOptions | Promise<WorldAppOptions>);

/**
 * Starts the world for a test file. `app` may be a function, for options that depend on something
 * made first (a port behind a proxy). Without `app`, the file starts the world's app where it needs
 * it with `world.useApp()` (e.g. in a `describe` that runs after one with an app of its own).
 */
export function useWorld(app?: AppOptionsSource, options: { timeoutMs?: number } = {}): World {
  const suite = useIdentitySuite();
  const adminEmail = `admin-${uid()}@seo-agency.test`;
  const adminPassword = strongPassword();
  let api: IdentityApp | undefined;

  const startApp = (appOptions: WorldAppOptions) =>
    startIdentityApp(suite, { adminEmail, adminPassword, ...appOptions });

  const useApp = (source: AppOptionsSource) => {
    beforeAll(async () => {
      api = await startApp(typeof source === 'function' ? await source() : source);
    }, options.timeoutMs ?? 120_000);
  };
  if (app) useApp(app);

  const started = (): IdentityApp => {
    if (!api)
      throw new Error("the world's app is not started (no useApp, or its beforeAll failed)");
    return api;
  };
  const world: World = {
    get services() {
      return suite.services;
    },
    get mailbox() {
      return suite.mailbox;
    },
    get db() {
      return suite.db;
    },
    get api() {
      return started();
    },
    adminEmail,
    adminPassword,
    admin: once(async () => {
      const client = started().client();
      await loginOk(client, adminEmail, adminPassword);
      return client;
    }),
    customer: () => signedInCustomer(suite, started()),
    async staff(role) {
      const account = await world.customer();
      const added = await (
        await world.admin()
      ).post('/api/admin/users', { userEmail: account.email, userRole: role });
      assertStatus(added, 201, `add ${account.email} as ${role}`);
      return account;
    },
    premiumPackageId: once(async () => oneOffPremiumPackageId(await world.admin())),
    async recordPayment(orderId) {
      const admin = await world.admin();
      const paid = await admin.post(`/api/admin/orders/${orderId}/payment`, {
        reason: 'Bank transfer',
      });
      assertStatus(paid, 200, 'record a payment');
    },
    async order(order = {}) {
      const customer = order.by ?? (await world.customer());
      const packageId = order.packageId ?? (await world.premiumPackageId());
      const placed = await placeOrderBody(customer.client, packageId, order.customerName);
      const id = String(placed._id);
      if (order.paid) await world.recordPayment(id);
      if (order.cancelled) {
        assertStatus(await customer.client.post(`/api/orders/${id}/cancel`), 200, 'cancel');
      }
      return { id, customer, placed };
    },
    startApp,
    useApp,
  };
  return world;
}

/** `make`, called at the first call only; a failed attempt is made again by the next caller. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    if (!pending) {
      pending = make();
      pending.catch(() => (pending = undefined));
    }
    return pending;
  };
}
