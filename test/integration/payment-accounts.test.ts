/**
 * The PayPal receiving e-mails against the built server and a real PostgreSQL: payments go to the active
 * one (the checkout's `business`), admins switch it and remove the others, each change audited; the
 * active one cannot be removed (409), bad ids are 404s, and customers may do none of it.
 *
 *   npm run build:server && npm run test:integration -- test/integration/payment-accounts.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { PAYMENT_TEXTS } from '../../src/contracts/payments.js';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, uid } from '../support/identity.js';
import { useWorld } from '../support/world.js';

// Payments Standard: the checkout answers its form's fields, `business` among them.
const world = useWorld({ name: 'payment-accounts', env: { PAYMENT_INTEGRATION: 'standard' } });

interface Account {
  _id: string;
  paypalEmail: string;
  active: boolean;
  updatedBy: string | null;
}

interface AuditRow {
  kind: string;
  actor_email: string;
  target_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describe('the PayPal receiving e-mails', () => {
  let admin: HttpClient;

  const list = async (): Promise<Account[]> => {
    const response = await admin.get('/api/admin/payment-accounts');
    assertStatus(response, 200, 'GET payment accounts');
    return response.body as unknown as Account[];
  };
  const activeEmails = async () =>
    (await list()).filter((account) => account.active).map((account) => account.paypalEmail);
  const auditOf = async (id: string) =>
    (
      await world.db.query<AuditRow>(
        `select kind, actor_email, target_id, summary, before, after from audit_entry
          where target_type = 'payment-account' and target_id = $1 order by at, id`,
        [id],
      )
    ).rows;
  /** The `business` field of a new order's checkout form: where its payment would go. */
  const business = async () => {
    const { id, customer } = await world.order();
    const checkout = await customer.client.get(`/api/orders/${id}/checkout`);
    assertStatus(checkout, 200, 'GET checkout');
    const fields = (checkout.body as { fields: { name: string; value: string }[] }).fields;
    return fields.find((field) => field.name === 'business')?.value;
  };

  beforeAll(async () => {
    admin = await world.admin();
  });

  test('payments go to the active e-mail; an admin switches it and removes the others, audited', async () => {
    // The demo e-mail, the only one, is active; an e-mail added next waits until it is made active.
    const [demo] = await list();
    expect(demo).toMatchObject({ paypalEmail: 'payments@seo-agency.test', active: true });
    const email = `billing-${uid()}@agency.test`;
    const added = await admin.post('/api/admin/payment-accounts', { paypalEmail: email });
    assertStatus(added, 201, 'add an e-mail');
    const second = added.body as unknown as Account;
    expect(second).toMatchObject({ paypalEmail: email, active: false });
    expect(await activeEmails()).toStrictEqual([demo!.paypalEmail]);
    expect(await business()).toBe(demo!.paypalEmail);

    // Switching: the new one is active, the demo one no longer; the checkout follows at once.
    const activated = await admin.post(`/api/admin/payment-accounts/${second._id}/activate`, {});
    assertStatus(activated, 200, 'activate');
    expect(activated.body).toMatchObject({
      _id: second._id,
      active: true,
      updatedBy: world.adminEmail,
    });
    expect(await activeEmails()).toStrictEqual([email]);
    expect(await business()).toBe(email);
    const switched = (await auditOf(second._id)).at(-1);
    expect(switched).toMatchObject({
      kind: 'payment-account.activated',
      actor_email: world.adminEmail,
      before: { activePaypalEmail: demo!.paypalEmail },
      after: { activePaypalEmail: email },
    });
    expect(switched!.summary).toBe(`Payments now go to ${email} (was ${demo!.paypalEmail})`);
    // Activating the active one again changes nothing and writes no entry.
    assertStatus(
      await admin.post(`/api/admin/payment-accounts/${second._id}/activate`, {}),
      200,
      'activate again',
    );
    expect((await auditOf(second._id)).map((row) => row.kind)).toStrictEqual([
      'payment-account.saved',
      'payment-account.activated',
    ]);

    // The active one is kept (409, saying what to do); the other one goes, audited.
    const refused = assertErrorBody(
      await admin.delete(`/api/admin/payment-accounts/${second._id}`),
      409,
      'remove the active one',
    );
    expect(refused.message).toBe(PAYMENT_TEXTS.activeAccountKept);
    expect(await activeEmails()).toStrictEqual([email]);
    assertStatus(
      await admin.delete(`/api/admin/payment-accounts/${demo!._id}`),
      204,
      'remove the inactive one',
    );
    expect((await list()).map((account) => account._id)).toStrictEqual([second._id]);
    expect((await auditOf(demo!._id)).at(-1)).toMatchObject({
      kind: 'payment-account.removed',
      actor_email: world.adminEmail,
      before: { paypalEmail: demo!.paypalEmail, active: false },
      after: null,
    });
    // Gone: a second removal, an activation or a read is a 404.
    assertErrorBody(await admin.delete(`/api/admin/payment-accounts/${demo!._id}`), 404);
    assertErrorBody(await admin.post(`/api/admin/payment-accounts/${demo!._id}/activate`, {}), 404);
    assertErrorBody(await admin.get(`/api/admin/payment-accounts/${demo!._id}`), 404);
  });

  test('bad ids are 404s; customers and visitors may neither switch nor remove', async () => {
    for (const id of ['not-a-uuid', randomUUID()]) {
      const body = assertErrorBody(
        await admin.post(`/api/admin/payment-accounts/${id}/activate`, {}),
        404,
        `activate ${id}`,
      );
      expect(body.message).toBe('No such PayPal e-mail.');
      assertErrorBody(await admin.delete(`/api/admin/payment-accounts/${id}`), 404, `remove ${id}`);
    }
    const before = await list();
    const account = before[0];
    const { client } = await world.customer();
    const visitor = world.api.client();
    for (const who of [client, visitor]) {
      const activate = await who.post(`/api/admin/payment-accounts/${account!._id}/activate`, {});
      const remove = await who.delete(`/api/admin/payment-accounts/${account!._id}`);
      expect([activate.status, remove.status]).toStrictEqual(
        who === client ? [403, 403] : [401, 401],
      );
    }
    expect(await list()).toStrictEqual(before);
  });
});
