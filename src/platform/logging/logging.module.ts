import { Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { pinoOptions } from './pino-options.js';

@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // nestjs-pino's default route pattern ('{/*splat}') matches nothing on Nest 12 + Fastify.
        forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
        // Health is polled constantly; its answers are not worth a log line each.
        exclude: [{ path: 'api/health', method: RequestMethod.GET }],
        pinoHttp: {
          ...pinoOptions(config.LOG_LEVEL),
          // Fastify assigns the request id (see requestId); pino-http reads it from req.id.
          serializers: {
            req: (req: { id: string; method: string; url: string }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          customLogLevel: (_req, res, error) =>
            error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
        },
      }),
    }),
  ],
})
export class LoggingModule {}
