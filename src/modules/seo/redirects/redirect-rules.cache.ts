import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { ChangeVersions } from '../../../platform/database/change-versions.js';
import { Redirect } from './domain/redirect.entity.js';
import { RedirectTable } from './domain/redirect-rules.js';
import { toRule } from './domain/redirect.view.js';

/**
 * The redirect rules, kept in memory as a table, with the version of the rules it was read at. Every
 * change bumps `seo_redirect_version` in its transaction (a trigger); a page request reads that version
 * (with the content's, in the one statement ChangeVersions makes per request) and the table is read
 * again when it moved: an admin's change applies on the next request, in every API process.
 */
@Injectable()
export class RedirectRulesCache {
  private readonly logger = new Logger('RedirectRules');
  private kept: { version: number; table: RedirectTable } | undefined;
  private loading: { version: number; table: Promise<RedirectTable> } | undefined;

  constructor(
    private readonly em: EntityManager,
    private readonly versions: ChangeVersions,
  ) {
    versions.register('seo-redirects', 'seo_redirect_version');
  }

  /** The table at the current version (the last one read when PostgreSQL does not answer). */
  async table(): Promise<{ version: number; table: RedirectTable }> {
    let version: number;
    try {
      version = await this.versions.read('seo-redirects');
    } catch (error) {
      if (this.kept) return this.kept;
      throw error;
    }
    if (this.kept && this.kept.version >= version) return this.kept;
    if (!this.loading || this.loading.version < version) {
      const table = this.load();
      this.loading = { version, table };
      void table.then(
        (loaded) => {
          if (!this.kept || this.kept.version < version) this.kept = { version, table: loaded };
        },
        (error: unknown) => {
          this.logger.error({ err: error }, 'Could not read the redirect rules');
        },
      );
    }
    const table = await this.loading.table;
    return { version, table };
  }

  private async load(): Promise<RedirectTable> {
    const rules = await this.em.fork().find(Redirect, {}, { orderBy: { fromKey: 'asc' } });
    return new RedirectTable(rules.map(toRule));
  }
}
