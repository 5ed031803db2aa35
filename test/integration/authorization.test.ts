/**
 * Who may call what, for every operation of the API: the OpenAPI document (GET /api/docs-json)
 * marks each operation with `x-access: public | customer | admin | operator`, or with the list of the
 * staff roles that may call it (`[admin, editor]`, `[admin, support]`), and this test calls each
 * customer and staff operation as every caller: signed out, a customer, support, an editor and an
 * admin; each gets exactly what the route declares (no unexpected 2xx). `operator` (the metrics) is
 * no session's level: only a client with the operators' token may call it, and it is absent (404) for
 * anyone else, signed in as an admin or not, this machine included; other hosts are simulated with
 * X-Forwarded-For from a trusted proxy on 127.0.0.1. A route added without `x-access` fails here, so
 * no route can be published without deciding who may use it.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/authorization.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient, type HttpResponse } from '../support/http-client.js';
import {
  assertErrorBody,
  assertStatus,
  createAccount,
  describeResponse,
  linkFrom,
  loginOk,
  MAIL_SUBJECTS,
  mailTo,
  sessionAccount,
  uniqueEmail,
} from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { type ApiOperation, operationLabel, operationsOf } from '../support/openapi.js';

const ACCESS_LEVELS = ['public', 'customer', 'admin', 'operator'] as const;
const STAFF_ROLES = ['admin', 'editor', 'support'] as const;
type StaffRole = (typeof STAFF_ROLES)[number];
/** Everyone the walk calls as. */
const CALLERS = ['anonymous', 'customer', 'support', 'editor', 'admin'] as const;
type Caller = (typeof CALLERS)[number];
/** An address other than this machine's, as the trusted proxy names it. */
const REMOTE_IP = '198.51.100.7';
/** The operators' token (METRICS_TOKEN). */
const OPERATOR_TOKEN = `operator-token-${randomUUID()}`;
type Access = (typeof ACCESS_LEVELS)[number];

const world = useWorld({
  name: 'authz',
  // Requests name their client only through a proxy on this machine (no header: this machine).
  env: { TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: OPERATOR_TOKEN },
});
const suite = world;

/** The documented path with each {param} replaced by a random uuid. */
const concretePath = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

/** The staff roles an operation's `x-access` names (`admin` alone, or a list), else null. */
function staffRolesOf(op: ApiOperation): readonly StaffRole[] | null {
  if (op.access === 'admin') return ['admin'];
  if (!Array.isArray(op.access)) return null;
  const roles = op.access as unknown[];
  const valid =
    roles.length > 1 &&
    roles.includes('admin') &&
    roles.every((role) => (STAFF_ROLES as readonly unknown[]).includes(role));
  return valid ? (roles as StaffRole[]) : null;
}

/** What a caller must get from an operation of those roles: 401, 403, or not refused. */
function expectedAnswer(roles: readonly StaffRole[], caller: Caller): 401 | 403 | 'allowed' {
  if (caller === 'anonymous') return 401;
  return (roles as readonly string[]).includes(caller) ? 'allowed' : 403;
}

/** Calls an operation the way a client would; bodies are `{}` (guards run before validation). */
function call(
  client: HttpClient,
  operation: ApiOperation,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  return client.request(operation.method, concretePath(operation.path), {
    headers,
    ...(hasBody ? { json: {} } : {}),
  });
}

describe('x-access on every operation', () => {
  const { adminEmail, adminPassword } = world;
  let api: IdentityApp;
  let operations: ApiOperation[];
  /** Signed in as a verified customer (not on the admin list). */
  let customer: HttpClient;
  /** Signed in as the env admin. */
  let admin: HttpClient;
  /** Signed in as accounts the admin gave the roles Support and Editor. */
  let support: HttpClient;
  let editor: HttpClient;

  beforeAll(async () => {
    api = world.api;
    const response = await api.client().get('/api/docs-json');
    assertStatus(response, 200, 'GET /api/docs-json');
    operations = operationsOf(response.body);

    customer = (await world.customer()).client;
    admin = await world.admin();
    support = (await world.staff('Support')).client;
    editor = (await world.staff('Editor')).client;
  }, 120_000);

  const withAccess = (access: Access) => operations.filter((op) => op.access === access);

  test('the document lists the identity operations, so the checks below are not vacuous', () => {
    const listed = new Set(operations.map(operationLabel));
    for (const expected of [
      'GET /api/health',
      'GET /api/auth/session',
      'POST /api/auth/login',
      'POST /api/auth/register',
      'POST /api/auth/logout',
      'PUT /api/account/password',
      'POST /api/account/email-verification',
      'GET /api/admin/users',
      'POST /api/admin/users',
      'GET /api/admin/users/{id}',
      'PUT /api/admin/users/{id}',
      'DELETE /api/admin/users/{id}',
    ]) {
      // Documented (a failure lists what the document has).
      expect([...listed]).toContain(expected);
    }
    // At least the five admin-user operations are admin, and the two account operations customer.
    expect(withAccess('admin').length).toBeGreaterThanOrEqual(5);
    expect(withAccess('customer').length).toBeGreaterThanOrEqual(2);
  });

  test('every operation has x-access public, customer, admin, operator or a list of staff roles', () => {
    const missing = operations
      .filter(
        (op) => !(ACCESS_LEVELS as readonly unknown[]).includes(op.access) && !staffRolesOf(op),
      )
      .map((op) => `${operationLabel(op)}: x-access ${JSON.stringify(op.access)}`);
    // A failure lists the operations without a valid x-access.
    expect(missing).toStrictEqual([]);
  });

  test('the access levels of the identity operations are the contract’s', () => {
    const accessOf = (method: string, path: string) =>
      operations.find((op) => op.method === method && op.path === path)?.access;
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/auth/session'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/password-reset'],
      ['POST', '/api/auth/password-reset/confirm'],
      ['POST', '/api/auth/email-verification/confirm'],
    ] as const) {
      expect({ [`${method} ${path}`]: accessOf(method, path) }).toStrictEqual({
        [`${method} ${path}`]: 'public',
      });
    }
    expect(accessOf('PUT', '/api/account/password')).toBe('customer');
    expect(accessOf('POST', '/api/account/email-verification')).toBe('customer');
    for (const method of ['GET', 'POST']) {
      expect({ [method]: accessOf(method, '/api/admin/users') }).toStrictEqual({
        [method]: 'admin',
      });
    }
    for (const method of ['GET', 'PUT', 'DELETE']) {
      expect({ [method]: accessOf(method, '/api/admin/users/{id}') }).toStrictEqual({
        [method]: 'admin',
      });
    }
  });

  test('admin operations: 401 signed out, 403 as a customer, allowed for an admin', async () => {
    // The customer is not an admin; the env admin is.
    expect((await sessionAccount(customer)).isAdmin).toBe(false);
    expect((await sessionAccount(admin)).isAdmin).toBeTruthy();
    const anonymous = api.client();
    for (const op of withAccess('admin')) {
      const signedOut = await call(anonymous, op);
      assertErrorBody(signedOut, 401, `${operationLabel(op)} signed out`);

      const asCustomer = await call(customer, op);
      const body = assertErrorBody(asCustomer, 403, `${operationLabel(op)} as a customer`);
      // The guard answers before validation.
      expect(body).not.toHaveProperty('fields');

      const asAdmin = await call(admin, op);
      // Not refused as the admin (a failure shows the operation and the answer).
      expect({ [operationLabel(op)]: describeResponse(asAdmin) }).not.toMatchObject({
        [operationLabel(op)]: expect.stringMatching(/^40[13] /),
      });
    }
  });

  test('operator operations: answered with the token, absent (404) without it whoever asks', async () => {
    const operator = withAccess('operator');
    // The metrics are documented as an operator operation.
    expect(operator.map(operationLabel)).toContain('GET /api/metrics');
    const remoteAdmin = api.client(REMOTE_IP);
    await loginOk(remoteAdmin, adminEmail, adminPassword);
    for (const op of operator) {
      const withToken = await call(api.client(REMOTE_IP), op, {
        'x-forwarded-for': REMOTE_IP,
        authorization: `Bearer ${OPERATOR_TOKEN}`,
      });
      // Answered with the token (a failure shows the operation and the answer).
      expect({ [operationLabel(op)]: describeResponse(withToken) }).not.toMatchObject({
        [operationLabel(op)]: expect.stringMatching(/^4\d\d /),
      });
      const local = await call(api.client(), op);
      assertErrorBody(local, 404, `${operationLabel(op)} from this machine, no token`);
      for (const [who, client] of [
        ['signed out', api.client(REMOTE_IP)],
        ['as a customer', customer],
        ['as an admin', remoteAdmin],
      ] as const) {
        const response = await call(client, op, { 'x-forwarded-for': REMOTE_IP });
        assertErrorBody(response, 404, `${operationLabel(op)} from another host, ${who}`);
      }
    }
  });

  test('customer operations: 401 signed out, allowed when signed in', async () => {
    const anonymous = api.client();
    for (const op of withAccess('customer')) {
      assertErrorBody(await call(anonymous, op), 401, `${operationLabel(op)} signed out`);
      const asCustomer = await call(customer, op);
      // Not refused as a customer (a failure shows the operation and the answer).
      expect({ [operationLabel(op)]: describeResponse(asCustomer) }).not.toMatchObject({
        [operationLabel(op)]: expect.stringMatching(/^40[13] /),
      });
    }
    // The calls above did not end the customer's session (e.g. a bad password change).
    await sessionAccount(customer);
  });

  test('an admin-listed account whose e-mail is not verified has no admin rights', async () => {
    const email = uniqueEmail('listed');
    const added = await admin.post('/api/admin/users', { userEmail: email, userRole: 'Admin' });
    assertStatus(added, 201, 'the admin adds the e-mail to the admin users');

    const listed = api.client();
    const account = await createAccount(listed, suite.mailbox, api.publicUrl, {
      email,
      verify: false,
    });
    const signedIn = await loginOk(listed, account.email, account.password);
    expect(signedIn.emailVerified).toBe(false);
    // isAdmin is false before the e-mail is verified.
    expect(signedIn.isAdmin).toBe(false);
    expect((await sessionAccount(listed)).isAdmin).toBe(false);
    const refused = await listed.get('/api/admin/users');
    assertErrorBody(refused, 403, 'GET /api/admin/users unverified');

    // Once verified (the link from the registration mail), the same session is an admin's.
    const mail = await suite.mailbox.waitFor(mailTo(email, MAIL_SUBJECTS.verify), 20_000);
    const { token } = linkFrom(mail, '/verify-email', api.publicUrl);
    assertStatus(
      await listed.post('/api/auth/email-verification/confirm', { token }),
      200,
      'confirm the e-mail',
    );
    const verified = await sessionAccount(listed);
    expect(verified.emailVerified).toBe(true);
    // isAdmin once verified.
    expect(verified.isAdmin).toBe(true);
    assertStatus(await listed.get('/api/admin/users'), 200, 'GET /api/admin/users verified');
  });

  test('the env admin (ADMIN_EMAIL + ADMIN_PASSWORD) lists the admin users', async () => {
    const fresh = api.client();
    const account = await loginOk(fresh, adminEmail, adminPassword);
    expect(account.isAdmin).toBe(true);
    // The env admin is created verified.
    expect(account.emailVerified).toBe(true);
    const response = await fresh.get('/api/admin/users');
    assertStatus(response, 200, 'GET /api/admin/users');
    expect(response.body).toBeInstanceOf(Array);
    // The env admin is listed (a failure shows the list).
    expect(response.body).toContainEqual(expect.objectContaining({ userEmail: adminEmail }));
    const entry = (response.body as Record<string, unknown>[]).find(
      (user) => user.userEmail === adminEmail,
    );
    expect(entry).toMatchObject({ userRole: 'Admin', accountStatus: 'verified' });
  });
  test('the sessions are the roles the walk calls as', async () => {
    const roles = {
      customer: (await sessionAccount(customer)).role,
      support: (await sessionAccount(support)).role,
      editor: (await sessionAccount(editor)).role,
      admin: (await sessionAccount(admin)).role,
    };
    expect(roles).toStrictEqual({
      customer: 'customer',
      support: 'support',
      editor: 'editor',
      admin: 'admin',
    });
    // Only the admin is an admin.
    expect((await sessionAccount(editor)).isAdmin).toBe(false);
  });

  test('every staff operation × every caller: exactly what its roles declare, no unexpected 2xx', async () => {
    const clients: Record<Caller, HttpClient> = {
      anonymous: api.client(),
      customer,
      support,
      editor,
      admin,
    };
    const staffOperations = operations.filter((op) => staffRolesOf(op));
    // Some operations are open to each of the other staff roles, so the walk tells them apart.
    expect(
      staffOperations.filter((op) => staffRolesOf(op)!.includes('editor')).length,
    ).toBeGreaterThan(10);
    expect(
      staffOperations.filter((op) => staffRolesOf(op)!.includes('support')).length,
    ).toBeGreaterThan(5);
    const unexpected: string[] = [];
    for (const op of staffOperations) {
      const roles = staffRolesOf(op)!;
      for (const caller of CALLERS) {
        const expected = expectedAnswer(roles, caller);
        const response = await call(clients[caller], op);
        const refused = response.status === 401 || response.status === 403;
        const ok = expected === 'allowed' ? !refused : response.status === expected;
        if (!ok) {
          unexpected.push(
            `${operationLabel(op)} as ${caller}: expected ${expected}, got ${describeResponse(response)}`,
          );
        }
      }
    }
    // A failure lists every (operation, caller) pair that got another answer than its roles say.
    expect(unexpected).toStrictEqual([]);
    // The calls above did not end the staff's sessions.
    await sessionAccount(support);
    await sessionAccount(editor);
  });

  test('customer operations are open to the staff too', async () => {
    for (const op of withAccess('customer')) {
      for (const [who, client] of [
        ['support', support],
        ['editor', editor],
      ] as const) {
        const response = await call(client, op);
        // Not refused (a failure shows the operation and the answer).
        expect({
          [`${operationLabel(op)} as ${who}`]: describeResponse(response),
        }).not.toMatchObject({
          [`${operationLabel(op)} as ${who}`]: expect.stringMatching(/^40[13] /),
        });
      }
    }
  });

  test('an editor: content and SEO, not refunds, orders, users or the queues', async () => {
    const order = randomUUID();
    assertErrorBody(await editor.post(`/api/admin/orders/${order}/refund`, {}), 403, 'refund');
    assertErrorBody(await editor.get('/admin/queues'), 403, 'the queue dashboard');
    assertErrorBody(await editor.get('/api/admin/orders'), 403, 'the orders');
    assertErrorBody(await editor.get('/api/admin/users'), 403, 'the admin users');
    assertErrorBody(await editor.get('/api/admin/audit'), 403, 'the audit log');
    assertErrorBody(await editor.get('/api/admin/subscribers/export.csv'), 403, 'subscribers');
    assertErrorBody(await editor.post(`/api/admin/campaigns/${order}/send`, {}), 403, 'send');
    assertStatus(await editor.get('/api/admin/seo/redirects'), 200, 'the redirects');
    assertStatus(await editor.get('/api/admin/campaigns'), 200, 'the campaigns');
    assertStatus(await editor.get('/api/admin/newsletter/welcome'), 200, 'the welcome e-mail');
  });

  test('support: orders and the inbox, not content writes, refunds or payments', async () => {
    const order = randomUUID();
    assertStatus(await support.get('/api/admin/orders'), 200, 'the orders list');
    assertStatus(await support.get('/api/admin/messages'), 200, 'the inbox');
    assertStatus(await support.get('/api/admin/orders/unread'), 200, 'unread order messages');
    assertErrorBody(await support.post(`/api/admin/orders/${order}/refund`, {}), 403, 'refund');
    assertErrorBody(await support.post(`/api/admin/orders/${order}/payment`, {}), 403, 'payment');
    assertErrorBody(await support.get('/api/admin/payment-accounts'), 403, 'payment accounts');
    assertErrorBody(await support.post('/api/content/banner', {}), 403, 'a content write');
    assertErrorBody(await support.get('/api/admin/seo/redirects'), 403, 'the redirects');
    assertErrorBody(await support.get('/admin/queues'), 403, 'the queue dashboard');
  });
});
