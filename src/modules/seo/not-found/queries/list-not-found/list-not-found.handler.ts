import { EntityManager } from '@mikro-orm/postgresql';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { NotFoundPage } from '../../../../../contracts/seo-redirects.js';
import { ListNotFoundQuery } from './list-not-found.query.js';

interface HitRow {
  id: string;
  path: string;
  count: string;
  first_seen_at: Date;
  last_seen_at: Date;
  referrer_host: string | null;
  total: string;
}

const ORDER = {
  count: '"count" desc, "last_seen_at" desc, "id"',
  lastSeen: '"last_seen_at" desc, "id"',
} as const;

@QueryHandler(ListNotFoundQuery)
export class ListNotFoundHandler implements IQueryHandler<ListNotFoundQuery> {
  constructor(private readonly em: EntityManager) {}

  async execute({ query: { page, pageSize, sort } }: ListNotFoundQuery): Promise<NotFoundPage> {
    const connection = this.em.getConnection();
    const [rows, [counted]] = await Promise.all([
      connection.execute<Omit<HitRow, 'total'>[]>(
        `select "id", "path", "count", "first_seen_at", "last_seen_at", "referrer_host"
           from "seo_not_found" order by ${ORDER[sort]} limit ? offset ?`,
        [pageSize, (page - 1) * pageSize],
      ),
      connection.execute<{ total: string }[]>('select count(*) as total from "seo_not_found"'),
    ]);
    return {
      items: rows.map((row) => ({
        _id: row.id,
        path: row.path,
        count: Number(row.count),
        firstSeenAt: new Date(row.first_seen_at).toISOString(),
        lastSeenAt: new Date(row.last_seen_at).toISOString(),
        referrerHost: row.referrer_host,
      })),
      total: Number(counted?.total ?? 0),
      page,
      pageSize,
    };
  }
}
