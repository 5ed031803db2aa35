/**
 * Staff roles on the admin users screen's API: an admin gives an e-mail the role Admin, Editor or
 * Support; the account's session has that role from its next request (and the rights of that role
 * only); changing a role is audited; only admins may change roles, and no admin can take away their
 * own admin role (so the last admin always stays one).
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import { ADMIN_USER_MESSAGES } from '../../src/contracts/identity.js';
import { type HttpClient } from '../support/http-client.js';
import {
  assertErrorBody,
  assertStatus,
  asObject,
  fieldsOf,
  type Json,
  sessionAccount,
  uniqueEmail,
} from '../support/identity.js';
import { useWorld } from '../support/world.js';

const world = useWorld({ name: 'staff-roles' });

describe('staff roles', () => {
  let admin: HttpClient;
  let adminEntryId: string;

  /** The admin users entry of an e-mail. */
  async function entryOf(email: string): Promise<Json> {
    const listed = await admin.get('/api/admin/users');
    assertStatus(listed, 200, 'list the admin users');
    const entry = (listed.body as Json[]).find((user) => user.userEmail === email);
    if (!entry) throw new Error(`${email} is not on the admin users`);
    return entry;
  }

  beforeAll(async () => {
    admin = await world.admin();
    adminEntryId = String((await entryOf(world.adminEmail)).id);
  });

  test('an editor added by an admin gets the editor role, and not the admin screens', async () => {
    const editor = await world.staff('Editor');
    expect(await entryOf(editor.email)).toMatchObject({
      userRole: 'Editor',
      accountStatus: 'verified',
    });
    const account = await sessionAccount(editor.client);
    expect({ role: account.role, isAdmin: account.isAdmin }).toStrictEqual({
      role: 'editor',
      isAdmin: false,
    });
    // Only admins see and change the admin users, roles included.
    assertErrorBody(await editor.client.get('/api/admin/users'), 403, 'list as an editor');
    const promote = await editor.client.put(`/api/admin/users/${adminEntryId}`, {
      userEmail: editor.email,
      userRole: 'Admin',
    });
    assertErrorBody(promote, 403, 'an editor changing a role');
    assertErrorBody(
      await editor.client.post('/api/admin/users', {
        userEmail: uniqueEmail('friend'),
        userRole: 'Admin',
      }),
      403,
      'an editor adding an admin',
    );
  });

  test('a role change takes effect at the next request and is audited', async () => {
    const staff = await world.staff('Support');
    const id = String((await entryOf(staff.email)).id);
    assertStatus(await staff.client.get('/api/admin/orders'), 200, 'orders as support');
    assertErrorBody(await staff.client.get('/api/admin/seo/redirects'), 403, 'SEO as support');

    const changed = await admin.put(`/api/admin/users/${id}`, {
      userEmail: staff.email,
      userRole: 'Editor',
    });
    assertStatus(changed, 200, 'make support an editor');
    expect(asObject(changed.body, 'the entry').userRole).toBe('Editor');
    expect((await sessionAccount(staff.client)).role).toBe('editor');
    assertErrorBody(await staff.client.get('/api/admin/orders'), 403, 'orders as an editor');
    assertStatus(await staff.client.get('/api/admin/seo/redirects'), 200, 'SEO as an editor');

    const { rows } = await world.db.query<{ actor_email: string; before: Json; after: Json }>(
      `select actor_email, before, after from audit_entry
        where kind = 'admin-user.role-changed' and target_id = $1`,
      [id],
    );
    expect(rows).toStrictEqual([
      {
        actor_email: world.adminEmail,
        before: { email: staff.email, role: 'Support' },
        after: { email: staff.email, role: 'Editor' },
      },
    ]);

    // Made an admin, the account may do everything.
    assertStatus(
      await admin.put(`/api/admin/users/${id}`, { userEmail: staff.email, userRole: 'Admin' }),
      200,
      'make it an admin',
    );
    expect((await sessionAccount(staff.client)).isAdmin).toBe(true);
    assertStatus(await staff.client.get('/api/admin/users'), 200, 'the admin users as an admin');
  });

  test('no admin can take away their own admin role, so the last admin stays one', async () => {
    const demoteSelf = await admin.put(`/api/admin/users/${adminEntryId}`, {
      userEmail: world.adminEmail,
      userRole: 'Support',
    });
    expect(assertErrorBody(demoteSelf, 409, 'demote yourself').message).toBe(
      ADMIN_USER_MESSAGES.yourself,
    );
    expect((await sessionAccount(admin)).role).toBe('admin');

    // A demoted admin loses the right to change roles at once: it cannot demote the other back.
    const other = await world.staff('Support');
    const otherId = String((await entryOf(other.email)).id);
    assertStatus(
      await admin.put(`/api/admin/users/${otherId}`, { userEmail: other.email, userRole: 'Admin' }),
      200,
      'promote to admin',
    );
    assertStatus(
      await admin.put(`/api/admin/users/${otherId}`, {
        userEmail: other.email,
        userRole: 'Support',
      }),
      200,
      'demote the other admin',
    );
    const revenge = await other.client.put(`/api/admin/users/${adminEntryId}`, {
      userEmail: world.adminEmail,
      userRole: 'Support',
    });
    assertErrorBody(revenge, 403, 'a demoted admin demoting the last admin');
    expect((await sessionAccount(admin)).role).toBe('admin');
  });

  test('an unknown role is refused with the field named', async () => {
    const response = await admin.post('/api/admin/users', {
      userEmail: uniqueEmail('owner'),
      userRole: 'Owner',
    });
    expect(fieldsOf(assertErrorBody(response, 400, 'an unknown role')).userRole).toBe(
      'User Role must be Admin, Editor or Support',
    );
  });
});
