import { describe, expect, it } from '@jest/globals';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { ChangeVersions } from '../../src/platform/database/change-versions.js';

/** An EntityManager whose one query answers the versions of the moment, counting the reads. */
function database() {
  const versions = { content: 1, identity: 1 };
  const statements: string[] = [];
  const em = {
    name: 'default',
    fork() {
      return em;
    },
    getConnection: () => ({
      execute: async (sql: string) => {
        statements.push(sql);
        return [{ v0: String(versions.content), v1: String(versions.identity) }];
      },
    }),
  };
  const changeVersions = new ChangeVersions(em as unknown as EntityManager);
  changeVersions.register('content', 'content_version');
  changeVersions.register('identity', 'identity_version');
  return { versions, statements, changeVersions, em: em as unknown as EntityManager };
}

const inRequest = <T>(em: EntityManager, work: () => Promise<T>): Promise<T> =>
  RequestContext.create(em, work);

describe('ChangeVersions', () => {
  it('reads every registered version in one statement', async () => {
    const { versions, statements, changeVersions } = database();
    versions.identity = 7;
    expect(await changeVersions.read('identity')).toBe(7);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('"content_version"');
    expect(statements[0]).toContain('"identity_version"');
  });

  it('reads once per request, for the guard and the handler alike', async () => {
    const { versions, statements, changeVersions, em } = database();
    const seen = await inRequest(em, async () => {
      const identity = await changeVersions.read('identity');
      // Committed after this request's read began: the request keeps what it read.
      versions.content = 2;
      const content = await changeVersions.read('content');
      return { identity, content };
    });
    expect(seen).toStrictEqual({ identity: 1, content: 1 });
    expect(statements).toHaveLength(1);
  });

  it('a later request, or a caller outside any request, sees a change committed before it asked', async () => {
    const { versions, changeVersions, em } = database();
    expect(await inRequest(em, () => changeVersions.read('identity'))).toBe(1);
    versions.identity = 2;
    expect(await inRequest(em, () => changeVersions.read('identity'))).toBe(2);
    versions.identity = 3;
    expect(await changeVersions.read('identity')).toBe(3);
  });

  it('refuses a version no module registered, and a table name that is not one', async () => {
    const { changeVersions } = database();
    await expect(changeVersions.read('orders')).rejects.toThrow(
      'no change version registered as orders',
    );
    expect(() => changeVersions.register('evil', 'x"; drop table y; --')).toThrow(
      'not a version table name',
    );
  });
});
