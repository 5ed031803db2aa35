/** The audit log's filters as PostgreSQL will get them: whole UTC days, both ends included. */
import { describe, expect, test } from '@jest/globals';
import { auditPageQuerySchema } from '../../src/contracts/audit.js';
import { auditWhere } from '../../src/modules/ops/queries/list-audit-entries/list-audit-entries.handler.js';

const filter = (query: Record<string, string>) => auditPageQuerySchema.parse(query);

describe('audit log filters', () => {
  test('no filter: every entry', () => {
    expect(auditWhere(filter({}))).toEqual({});
  });

  test('from and to are whole days, to included', () => {
    expect(auditWhere(filter({ from: '2026-11-01', to: '2026-11-24' }))).toEqual({
      at: {
        $gte: new Date('2026-11-01T00:00:00.000Z'),
        $lt: new Date('2026-11-25T00:00:00.000Z'),
      },
    });
    expect(auditWhere(filter({ to: '2026-12-31' }))).toEqual({
      at: { $lt: new Date('2027-01-01T00:00:00.000Z') },
    });
  });

  test('the actor is a part of the e-mail, any case, with LIKE characters as themselves', () => {
    expect(auditWhere(filter({ actor: ' 50%_off\\ ', kind: 'order.changed' }))).toEqual({
      actorEmail: { $ilike: '%50\\%\\_off\\\\%' },
      kind: 'order.changed',
    });
  });

  test('bad filters are refused with the field', () => {
    const result = auditPageQuerySchema.safeParse({ kind: 'order.deleted', from: '24/11/2026' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'from',
      'kind',
    ]);
    const reversed = auditPageQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' });
    expect(reversed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['to']);
  });
});
