import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { createAdminFromCommandLine } from './modules/identity/index.js';
import { checkMediaStore, copyUploadsToS3, reprocessUploads } from './modules/media/index.js';
import { type AppConfig, ConfigError, parseConfig } from './platform/config/app-config.js';
import { assertMigrated, migrate } from './platform/database/migrate.js';
import { createAppLogger, resolveLogFormat } from './platform/logging/app-logger.js';
import { PinoNestLogger } from './platform/logging/pino-nest-logger.js';
import { parseCommandLine } from './platform/runtime/command-line.js';
import { releaseStartUpMemory } from './platform/runtime/release-memory.js';
import { RedisUnavailableError } from './platform/runtime/local-redis.js';
import { type LocalService } from './platform/runtime/local-postgres.js';
import {
  completeConfig,
  resolvePostgres,
  resolveRedis,
} from './platform/runtime/resolve-services.js';
import { startUpBanner, startUpSummary } from './platform/runtime/start-up-banner.js';

interface Closable {
  close(): Promise<void>;
}

async function startApplication(config: AppConfig, log: Logger): Promise<Closable> {
  const module = await AppModule.forRole(config);
  const logger = new PinoNestLogger(log);
  if (config.ROLE === 'worker') {
    const context = await NestFactory.createApplicationContext(module, { logger });
    await context.init();
    return context;
  }
  // Read only by the roles that serve HTTP: the worker loads none of it (see app.module.ts).
  const [
    { FastifyAdapter },
    { configureHttp },
    { requestId },
    { trustProxyOption },
    { RequestLogController },
  ] = await Promise.all([
    import('@nestjs/platform-fastify'),
    import('./platform/http/configure-http.js'),
    import('./platform/http/request-id.js'),
    import('./platform/http/trust-proxy.js'),
    import('./platform/logging/request-log-controller.js'),
  ]);
  const app = await NestFactory.create<NestFastifyApplication>(
    module,
    new FastifyAdapter({
      bodyLimit: config.BODY_LIMIT_BYTES,
      trustProxy: trustProxyOption(config.TRUST_PROXY),
      return503OnClosing: true,
      genReqId: requestId,
      loggerInstance: log,
      logController: new RequestLogController(),
    }),
    // Fastify's own JSON parser is the only one: Nest would add form-encoded bodies too.
    { logger, bodyParser: false },
  );
  await configureHttp(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

async function main(): Promise<void> {
  const commandLine = parseCommandLine(process.argv.slice(2));
  const raw = parseConfig({
    ...process.env,
    ...(commandLine.role ? { ROLE: commandLine.role } : {}),
  });
  const logFormat = resolveLogFormat(raw.LOG_FORMAT, process.stdout.isTTY === true);
  const log = createAppLogger(raw.LOG_LEVEL, logFormat);
  // Services this process started itself are stopped after the application has closed (or failed).
  const started: LocalService[] = [];
  const stopServices = async () => {
    for (const service of started.reverse()) await service.stop();
  };

  if (commandLine.copyUploadsToS3) {
    // Needs no database: only DATA_DIR and the bucket.
    try {
      await copyUploadsToS3(raw, (line) => process.stdout.write(`${line}\n`));
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      // Resumable: what was copied stays, and the next run skips it.
      throw new ConfigError(
        `Copying the uploads stopped (run it again to resume): ${(error as Error).message}`,
      );
    }
    return;
  }

  let app: Closable;
  let config: AppConfig;
  try {
    // A bad or unreachable bucket stops the start-up first, in one line naming the variable.
    if (!commandLine.migrateOnly && commandLine.createAdmin === undefined) {
      await checkMediaStore(raw);
    }
    const postgres = await resolvePostgres(raw, log);
    started.push(postgres);
    if (raw.DATABASE_MIGRATE || commandLine.migrateOnly) {
      const applied = await migrate(postgres.url);
      if (applied.length > 0) {
        log.info({ migrations: applied }, `Database migrated (${applied.length} applied)`);
      }
    } else {
      await assertMigrated(postgres.url);
    }
    if (commandLine.createAdmin !== undefined) {
      const report = await createAdminFromCommandLine(
        postgres.url,
        commandLine.createAdmin,
        raw.ADMIN_PASSWORD,
      );
      process.stdout.write(`${report}\n`);
    }
    if (commandLine.reprocessUploads) {
      try {
        await reprocessUploads(raw, postgres.url, (line) => process.stdout.write(`${line}\n`));
      } catch (error) {
        if (error instanceof ConfigError) throw error;
        // Resumable: what was reprocessed has its row, and the next run skips it.
        throw new ConfigError(
          `Reprocessing the uploads stopped (run it again to resume): ${(error as Error).message}`,
        );
      }
    }
    if (
      commandLine.migrateOnly ||
      commandLine.createAdmin !== undefined ||
      commandLine.reprocessUploads
    ) {
      await stopServices();
      return;
    }
    const redis = await resolveRedis(raw, log);
    started.push(redis);
    config = completeConfig(raw, postgres.url, redis.url);
    app = await startApplication(config, log);
  } catch (error) {
    await stopServices();
    throw error;
  }
  if (config.ROLE === 'worker') {
    // What start-up allocated and no longer uses goes back to the system (see release-memory.ts).
    releaseStartUpMemory();
    log.info({ role: config.ROLE }, 'Application ready');
  } else {
    // The last lines of the start-up: the addresses, the admin, where e-mails and payments go.
    const summary = startUpSummary(config);
    if (logFormat === 'pretty') {
      log.info({ role: config.ROLE }, 'Application ready');
      if (log.isLevelEnabled('info')) process.stdout.write(startUpBanner(summary));
    } else {
      log.info({ role: config.ROLE, ...summary }, 'Application ready');
    }
  }

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'Shutting down: finishing requests and jobs in hand');
    setTimeout(() => {
      log.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    await app.close();
    await stopServices();
    log.info('Stopped');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof RedisUnavailableError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
