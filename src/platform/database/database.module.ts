import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ChangeVersions } from './change-versions.js';
import { ormOptions } from './orm-options.js';

@Global()
@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...ormOptions(config.DATABASE_URL, {
          connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
          poolSize: config.DATABASE_POOL_SIZE,
          statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
        }),
        autoLoadEntities: true,
        // A Fastify hook gives requests their context instead (see request-context.hook.ts).
        registerRequestContext: false,
      }),
    }),
  ],
  providers: [ChangeVersions],
  exports: [ChangeVersions],
})
export class DatabaseModule {}
