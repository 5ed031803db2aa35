import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { FreshRead } from './fresh-read.js';

/**
 * The modules' change versions: one-row tables (`<name>_version`) that a module's triggers bump in the
 * transaction of every change its readers keep a copy of (the content, the sign-in state). They are
 * read together, in one statement, after the caller asked (see FreshRead): a change committed before
 * is seen, in any process. Within one request the read is made once and shared by everyone who asks
 * (the access guard, then a handler): it began after the request arrived, which is all they need.
 */
@Injectable()
export class ChangeVersions {
  private readonly tables = new Map<string, string>();
  private readonly fresh: FreshRead<ReadonlyMap<string, number>>;
  private readonly perRequest = new WeakMap<object, Promise<ReadonlyMap<string, number>>>();

  constructor(em: EntityManager) {
    this.fresh = new FreshRead(async () => {
      const names = [...this.tables.keys()];
      const columns = names.map(
        (name, index) => `(select version from "${this.tables.get(name)}") as v${index}`,
      );
      const [row] = await em
        .getConnection()
        .execute<Record<string, string | null>[]>(`select ${columns.join(', ')}`);
      return new Map(names.map((name, index) => [name, Number(row?.[`v${index}`] ?? 0)]));
    });
  }

  /** Declares a module's version table (a migration creates it with its one row). */
  register(name: string, table: string): void {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`not a version table name: ${table}`);
    this.tables.set(name, table);
  }

  /** The version of `name` now, as read after the current request arrived (or after this call). */
  async read(name: string): Promise<number> {
    if (!this.tables.has(name)) throw new Error(`no change version registered as ${name}`);
    const versions = await this.readAll();
    return versions.get(name) ?? 0;
  }

  private readAll(): Promise<ReadonlyMap<string, number>> {
    const request = RequestContext.currentRequestContext();
    if (!request) return this.fresh.read();
    let read = this.perRequest.get(request);
    if (!read) {
      read = this.fresh.read();
      this.perRequest.set(request, read);
      // A failed read is not shared: the next caller of the request reads again.
      read.catch(() => this.perRequest.delete(request));
    }
    return read;
  }
}
