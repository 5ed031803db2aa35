/**
 * How a deployment gets its admins: the first one at the first start (ADMIN_EMAIL, with ADMIN_PASSWORD
 * or a generated password kept out of the logs), and more with `npm run admin:create -- <email>`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { REPO_ROOT, SERVER_ENTRY } from '../support/app-process.js';
import {
  assertStatus,
  createAccount,
  expectNewMail,
  loginOk,
  mailTo,
  strongPassword,
  uid,
} from '../support/identity.js';
import { startIdentityApp, useIdentitySuite } from '../support/identity-suite.js';

const suite = useIdentitySuite();

/** Runs `main.js --create-admin <email>` as `npm run admin:create -- <email>` does. */
function createAdmin(
  email: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVER_ENTRY, '--create-admin', email], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, DATABASE_URL: suite.services.databaseUrl, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('admins of a deployment', () => {
  test('the first start makes ADMIN_EMAIL an admin with a generated password kept in a private file', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'first-admin-'));
    try {
      const adminEmail = `first-${uid()}@seo-agency.test`;
      const api = await startIdentityApp(suite, {
        name: 'first-admin',
        adminEmail,
        env: { DATA_DIR: dataDir, ADMIN_PASSWORD: undefined },
      });
      const file = path.join(dataDir, 'first-admin-password.txt');
      const password = (await readFile(file, 'utf8')).trim();
      // A long generated password.
      expect(password.length).toBeGreaterThanOrEqual(12);
      // Readable by its owner only.
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      // The password never reaches the logs, and the logs say where it is.
      expect(api.app.output()).not.toContain(password);
      expect(api.app.output()).toContain(file);

      const account = await loginOk(api.client(), adminEmail, password);
      expect(account.isAdmin).toBe(true);
      await api.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('admin:create adds an admin to a running deployment', async () => {
    const email = `added-${uid()}@seo-agency.test`;
    const password = strongPassword();
    const created = await createAdmin(email, { ADMIN_PASSWORD: password });
    // The output stands beside the exit code, so that a failure shows it.
    expect(created).toMatchObject({
      code: 0,
      output: expect.stringMatching(/is now on the admin users list/),
    });

    const again = await createAdmin(email.toUpperCase(), {});
    expect(again).toMatchObject({
      code: 0,
      output: expect.stringMatching(/was already on the admin users list/),
    });

    const api = await startIdentityApp(suite, { name: 'after-create-admin' });
    const account = await loginOk(api.client(), email, password);
    expect(account.isAdmin).toBe(true);
    await api.stop();
  });

  test('admin:create refuses something that is not an e-mail, and changes nothing', async () => {
    const before = await suite.db.query<{ n: string }>('select count(*) as n from admin_user');
    const refused = await createAdmin('not-an-email', {});
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/not a valid e-mail/);
    const after = await suite.db.query<{ n: string }>('select count(*) as n from admin_user');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  test('every admin holding their rights is told about a new message; a listed unverified one is not', async () => {
    const adminEmail = `boss-${uid()}@seo-agency.test`;
    const adminPassword = strongPassword();
    // Earlier tests filled the admin list, so this admin comes in the way a running deployment adds one.
    const created = await createAdmin(adminEmail, { ADMIN_PASSWORD: adminPassword });
    // The output stands beside the exit code, so that a failure shows it.
    expect(created).toStrictEqual({ code: 0, output: created.output });
    const api = await startIdentityApp(suite, { name: 'admin-notices' });
    const admin = api.client();
    await loginOk(admin, adminEmail, adminPassword);
    const colleague = await createAccount(api.client(), suite.mailbox, api.publicUrl);
    const unverified = await createAccount(api.client(), suite.mailbox, api.publicUrl, {
      verify: false,
    });
    for (const email of [colleague.email, unverified.email]) {
      assertStatus(await admin.post('/api/admin/users', { userEmail: email }), 201, `add ${email}`);
    }

    const subject = `Audit request ${uid()}`;
    const toColleague = expectNewMail(suite.mailbox, mailTo(colleague.email, subject));
    const toUnverified = expectNewMail(suite.mailbox, mailTo(unverified.email, subject));
    const toAdmin = expectNewMail(suite.mailbox, mailTo(adminEmail, subject));
    const sent = await api.client().post('/api/messages', {
      name: 'Ada',
      email: `ada-${uid()}@example.test`,
      number: '555 0100',
      subject,
      message: 'Please look at our site.',
    });
    assertStatus(sent, 201, 'send a message');
    await toColleague.next();
    await toAdmin.next();
    // The notices are queued together: give a wrongly queued one time to arrive before saying none did.
    await sleep(1500);
    // No rights, no notice.
    expect(toUnverified.arrived()).toStrictEqual([]);
    await api.stop();
  });
});
