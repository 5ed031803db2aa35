import pg from 'pg';
import { withTimeout } from '../../../platform/runtime/with-timeout.js';
import type { ReadinessProbe } from './readiness-probe.js';

interface ProbeConnection {
  client: pg.Client;
  connected: Promise<unknown>;
}

/**
 * `select 1` (and readiness's other short reads) on a PostgreSQL connection of its own, never one of
 * the ORM's pool: a pool busy with requests would make a healthy database look down. The connection
 * is kept between probes and replaced after any failure (it may be broken or stuck), so a probe
 * reconnects when PostgreSQL is back.
 */
export class PostgresProbe implements ReadinessProbe {
  private connection: ProbeConnection | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly timeoutMs: number,
    private readonly applicationName: string,
  ) {}

  async ping(): Promise<void> {
    await this.query('select 1');
  }

  /** Runs a short read on the probe's connection, within the same timeout. */
  async query<Row extends pg.QueryResultRow>(sql: string): Promise<Row[]> {
    const connection = (this.connection ??= this.open());
    try {
      const result = await withTimeout(
        connection.connected.then(() => connection.client.query<Row>(sql)),
        this.timeoutMs,
        `PostgreSQL did not answer within ${this.timeoutMs} ms`,
      );
      return result.rows;
    } catch (error) {
      this.discard(connection);
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.connection) this.discard(this.connection);
  }

  private open(): ProbeConnection {
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      application_name: this.applicationName,
      // pg destroys the socket itself when connecting takes longer (e.g. an unreachable host).
      connectionTimeoutMillis: this.timeoutMs,
    });
    const connection = { client, connected: client.connect() };
    connection.connected.catch(() => undefined);
    // A dropped idle connection is reported as an event; without a listener it would be fatal.
    client.on('error', () => this.discard(connection));
    return connection;
  }

  private discard(connection: ProbeConnection): void {
    if (this.connection === connection) this.connection = undefined;
    // end() destroys the socket when a query is in flight, so a stuck probe does not linger.
    connection.client.end().catch(() => undefined);
  }
}
