import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { IndexNowStatus, IndexNowSubmission } from '../../../contracts/seo/indexnow.js';
import { IndexNowConfig, indexNowEnabled } from '../domain/indexnow-config.js';

/** The SEO hub's IndexNow panel: the switch, the endpoint, the key file and the latest submissions. */
export class GetIndexNowStatusQuery extends Query<IndexNowStatus> {}

/** Submissions the hub lists. */
const LISTED = 10;

interface SubmissionRow {
  id: string;
  status: IndexNowSubmission['status'];
  urls: string[];
  created_at: Date;
  due_at: Date;
  sent_at: Date | null;
  attempts: number;
  response_status: number | null;
  last_error: string | null;
}

@Injectable()
@QueryHandler(GetIndexNowStatusQuery)
export class GetIndexNowStatusHandler implements IQueryHandler<GetIndexNowStatusQuery> {
  constructor(
    private readonly em: EntityManager,
    private readonly indexNow: IndexNowConfig,
  ) {}

  async execute(): Promise<IndexNowStatus> {
    const em = this.em.fork();
    const [enabled, rows] = await Promise.all([
      indexNowEnabled(em),
      em.getConnection().execute<SubmissionRow[]>(
        `select id, status, urls, paths, created_at, due_at, sent_at, attempts, response_status, last_error
           from indexnow_submission order by created_at desc limit ?`,
        [LISTED],
      ),
    ]);
    return {
      enabled,
      endpoint: this.indexNow.endpoint ?? null,
      keyLocation: this.indexNow.keyLocation,
      submissions: rows.map((row) => ({
        id: row.id,
        status: row.status,
        urls: row.urls.length > 0 ? row.urls : this.pendingUrls(row),
        createdAt: new Date(row.created_at).toISOString(),
        dueAt: new Date(row.due_at).toISOString(),
        sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
        attempts: row.attempts,
        responseStatus: row.response_status,
        lastError: row.last_error,
      })),
    };
  }

  /** A submission not sent yet lists the URLs its pages will have. */
  private pendingUrls(row: SubmissionRow): string[] {
    const paths = (row as unknown as { paths: string[] }).paths;
    return paths.map((path) => `${this.indexNow.origin}${path}`);
  }
}
