import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ContentModule } from './modules/content/index.js';
import { DeliverablesModule } from './modules/deliverables/index.js';
import { FilesModule } from './modules/files/index.js';
import { IdentityModule } from './modules/identity/index.js';
import { InsightsModule } from './modules/insights/index.js';
import { InvoicesModule } from './modules/invoices/index.js';
import { MediaModule } from './modules/media/index.js';
import { MessagesModule } from './modules/messages/index.js';
import { NewsletterModule } from './modules/newsletter/index.js';
import { NotificationsModule } from './modules/notifications/index.js';
import { OpsModule } from './modules/ops/index.js';
import { OrdersModule } from './modules/orders/index.js';
import { PaymentsModule } from './modules/payments/index.js';
import { SeedApiModule } from './modules/seed-api/index.js';
import { SeoModule } from './modules/seo/index.js';
import { SiteModule } from './modules/site/index.js';
import type { AppConfig } from './platform/config/app-config.js';
import { AuditModule } from './platform/audit/audit.module.js';
import { ConfigModule } from './platform/config/config.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { HttpModule } from './platform/http/http.module.js';
import { OutboxModule } from './platform/outbox/outbox.module.js';
import { QueueModule } from './platform/queue/queue.module.js';
import { QUEUE_DEFINITIONS } from './queues.js';
import { RedisModule } from './platform/redis/redis.module.js';

/**
 * The PayPal simulator, loaded on demand: with PAYPAL_MODE=live or sandbox none of its code is even
 * read, and none of its routes exist.
 */
const paypalSimulator = (): Promise<DynamicModule> =>
  import('./modules/paypal-simulator/index.js').then(({ PaypalSimulatorModule }) => ({
    module: PaypalSimulatorModule,
  }));

/**
 * One build, three roles: `api` serves HTTP, `worker` consumes the queues, `all` does both. Every role
 * relays the outbox (safe to run in many processes at once); only roles that serve HTTP load its modules,
 * and of them the PayPal simulator only with PAYPAL_MODE=simulator.
 */
@Module({})
export class AppModule {
  static forRole(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        CqrsModule.forRoot(),
        QueueModule.forRoot({ queues: QUEUE_DEFINITIONS, runWorkers: config.ROLE !== 'api' }),
        OutboxModule,
        AuditModule,
        RedisModule,
        ...(config.ROLE === 'worker'
          ? []
          : [
              HttpModule.forRoot(SiteModule),
              OpsModule,
              MediaModule,
              FilesModule,
              InvoicesModule,
              SeedApiModule,
              SeoModule,
              InsightsModule,
            ]),
        ...(config.ROLE !== 'worker' && config.PAYPAL_MODE === 'simulator'
          ? [paypalSimulator()]
          : []),
        IdentityModule,
        ContentModule,
        // The worker makes the images' variants (the roles that serve HTTP load media above).
        ...(config.ROLE === 'worker' ? [MediaModule] : []),
        MessagesModule,
        NewsletterModule,
        OrdersModule,
        DeliverablesModule,
        PaymentsModule,
        NotificationsModule,
      ],
    };
  }
}
