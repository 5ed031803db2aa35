import { MikroOrmMiddleware, MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ormOptions } from './orm-options.js';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      driver: PostgreSqlDriver,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...ormOptions(config.DATABASE_URL),
        autoLoadEntities: true,
        // Registered below instead, so that health checks skip the per-request fork.
        registerRequestContext: false,
      }),
    }),
  ],
})
export class DatabaseModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(MikroOrmMiddleware)
      .exclude({ path: 'api/health', method: RequestMethod.GET })
      .forRoutes({ path: '{*splat}', method: RequestMethod.ALL });
  }
}
