/**
 * One answer per input: every documented operation whose path names a record (`{id}`, `{revisionId}`)
 * is called as an admin with a valid body and an id that no record can have (not a UUID). Each answers
 * 404, as for a UUID that names no record, whatever its method: reads, writes, deletes and the old
 * site's aliases alike.
 *
 *   npm run build && NODE_OPTIONS=--experimental-vm-modules npx jest \
 *     --config test/jest.integration.config.js test/integration/record-ids.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { ExampleBodies, fillPath, subjectOf } from '../support/api-examples.js';
import type { HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus } from '../support/identity.js';
import { type IdentityApp } from '../support/identity-suite.js';
import { useWorld } from '../support/world.js';
import { type ApiOperation, operationLabel, operationsOf } from '../support/openapi.js';

const world = useWorld({ name: 'record-ids' });

const isRecordParam = (name: string) => /id$/i.test(name);
const NOT_UUIDS = ['not-a-uuid', '42', `${randomUUID()}x`, randomUUID().replaceAll('-', '')];

describe('a record id that is not a UUID', () => {
  let api: IdentityApp;
  let admin: HttpClient;
  /** Operations with a record id in their path, by documented path. */
  const byPath = new Map<string, ApiOperation[]>();

  beforeAll(async () => {
    api = world.api;
    const response = await api.client().get('/api/docs-json');
    assertStatus(response, 200, 'GET /api/docs-json');
    for (const op of operationsOf(response.body)) {
      if (!op.parameters.some((p) => p.in === 'path' && isRecordParam(p.name))) continue;
      byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
    }
    admin = await world.admin();
  }, 120_000);

  test('the walk covers the content, history, admin user and alias routes', () => {
    const labels = new Set([...byPath.values()].flat().map(operationLabel));
    for (const expected of [
      'GET /api/content/{section}/{id}',
      'PUT /api/content/{section}/{id}',
      'DELETE /api/content/{section}/{id}',
      'POST /api/content/{section}/revisions/{revisionId}/restore',
      'GET /api/admin/users/{id}',
      'PUT /api/admin/users/{id}',
      'DELETE /api/admin/users/{id}',
      'GET /api/users/{id}',
      'PUT /api/upadete-users/{id}',
    ]) {
      // Documented and walked (a failure lists what was walked).
      expect([...labels]).toContain(expected);
    }
    const aliases = [...labels].filter((label) => !/\/api\/(content|admin)\//.test(label));
    // The content aliases are walked too: more than four (the list stands beside it, so a failure shows it).
    expect({ aliases, moreThanFour: aliases.length > 4 }).toStrictEqual({
      aliases,
      moreThanFour: true,
    });
  });

  test('gets the same 404 from every method of a path, like a UUID of no record', async () => {
    const bodies = new ExampleBodies();
    const problems: string[] = [];
    for (const [path, operations] of byPath) {
      const answers = new Map<string, number>();
      for (const op of operations) {
        const section = op.parameters.find((p) => p.name === 'section')?.enum?.[0] ?? '';
        const subject = subjectOf(op, section);
        const call = async (id: string) => {
          const values: Record<string, string> = { section };
          for (const p of op.parameters.filter((q) => q.in === 'path' && isRecordParam(q.name))) {
            values[p.name] = id;
          }
          const json = op.body ? bodies.body(subject, op.body['application/json']) : undefined;
          return admin.request(op.method, fillPath(path, values), json ? { json } : {});
        };
        const unknown = await call(randomUUID());
        answers.set(`${op.method} (unknown UUID)`, unknown.status);
        for (const id of NOT_UUIDS) {
          const response = await call(id);
          answers.set(`${op.method} ${id}`, response.status);
          if (response.status === 404) assertErrorBody(response, 404, `${op.method} ${path} ${id}`);
        }
      }
      const statuses = new Set(answers.values());
      if (statuses.size !== 1 || !statuses.has(404)) {
        problems.push(`${path}: ${JSON.stringify(Object.fromEntries(answers))}`);
      }
    }
    // Every path answers 404 to every method (a failure lists the paths that do not, with their answers).
    expect(problems).toStrictEqual([]);
  });
});
