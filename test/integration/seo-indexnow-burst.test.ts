/**
 * IndexNow's coalescing (issue 31 §3): a burst of content edits makes one submission. The submission
 * waits an hour here (INDEXNOW_DELAY_MS), so the test reads what is queued, not what is sent: one
 * pending submission holding every affected page, and one job for it in the outbox.
 *
 *   npm run build:server && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js --runInBand test/integration/seo-indexnow-burst.test.ts
 */
import { beforeAll, describe, expect, test } from '@jest/globals';
import type { IndexNowStatus } from '../../src/contracts/seo/indexnow.js';
import { contentClients, type ContentClients, listEntries } from '../support/content.js';
import { assertStatus } from '../support/identity.js';
import { pollUntil } from '../support/net.js';
import { useWorld } from '../support/world.js';

const world = useWorld({
  name: 'seo-indexnow-burst',
  // Never reached in the test: nothing is sent (a closed port would only fail the job).
  env: { INDEXNOW_ENDPOINT: 'http://127.0.0.1:9/indexnow', INDEXNOW_DELAY_MS: '3600000' },
});

let clients: ContentClients;

async function editSection(key: string, field: string, value: string): Promise<void> {
  const [entry] = await listEntries(clients.admin, key);
  const { _id, ...rest } = entry!;
  const response = await clients.admin.put(`/api/content/${key}/${_id}`, {
    ...rest,
    [field]: value,
  });
  assertStatus(response, 200, `PUT /api/content/${key}/${_id}`);
}

describe('IndexNow coalescing', () => {
  beforeAll(async () => {
    clients = await contentClients(world, world.api, world.adminEmail, world.adminPassword);
  }, 120_000);

  test('a burst of edits to several sections makes one pending submission of every page they show on', async () => {
    // The team (home page), the packages (home and pricing), the services' text (home, pricing, services).
    await editSection('teamText', 'teamHeading', 'Our team, again');
    await editSection('pricing', 'packageButtonText', 'Start now');
    await editSection('serviceText', 'servicesubHeading', 'What we do for you');
    await pollUntil(
      async () => {
        const { rows } = await world.db.query<{ owed: number }>(
          `select count(*)::int as owed from outbox_event
            where type = 'ContentSectionChanged' and completed_at is null`,
        );
        return rows[0]!.owed === 0;
      },
      { timeoutMs: 20_000, what: 'the content events to be handled' },
    );
    const response = await clients.admin.get('/api/admin/seo/indexnow');
    assertStatus(response, 200, 'GET /api/admin/seo/indexnow');
    const { submissions } = response.body as IndexNowStatus;
    const origin = world.api.publicUrl;
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.status).toBe('pending');
    expect([...submissions[0]!.urls].sort()).toStrictEqual(
      [`${origin}/`, `${origin}/pricing/`, `${origin}/service/`].sort(),
    );
    const { rows: jobs } = await world.db.query<{ jobs: number }>(
      `select count(*)::int as jobs from outbox_event where queue = 'indexnow'`,
    );
    expect(jobs[0]!.jobs).toBe(1);
  });
});
