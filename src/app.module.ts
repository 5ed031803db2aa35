import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from './platform/config/app-config.js';
import { AuditModule } from './platform/audit/audit.module.js';
import { ConfigModule } from './platform/config/config.module.js';
import { DatabaseModule } from './platform/database/database.module.js';
import { OutboxModule } from './platform/outbox/outbox.module.js';
import { QueueModule } from './platform/queue/queue.module.js';
import { QUEUE_DEFINITIONS } from './queues.js';
import { RedisModule } from './platform/redis/redis.module.js';

type FeatureModule = Type | DynamicModule;

/**
 * Every feature module, read with `import()` only by a role that runs it: a worker never reads the code
 * of the HTTP layer (Fastify's adapter, the web app's pages and their SSR bundle, OpenAPI, the queue
 * dashboard, metrics, uploads…), which is most of the memory of an idle process (see _Benchmarks_).
 */
export const FEATURE_MODULES = {
  /** The HTTP layer (error body, validation, raw routes, the SPA) with the server-rendered pages. */
  http: () =>
    Promise.all([import('./platform/http/http.module.js'), import('./modules/site/index.js')]).then(
      ([{ HttpModule }, { SiteModule }]) => HttpModule.forRoot(SiteModule),
    ),
  ops: () => import('./modules/ops/index.js').then((m) => m.OpsModule),
  media: (http) => import('./modules/media/index.js').then((m) => m.MediaModule.forRole(http)),
  files: () => import('./modules/files/index.js').then((m) => m.FilesModule),
  invoices: (http) =>
    import('./modules/invoices/index.js').then((m) => m.InvoicesModule.forRole(http)),
  'seed-api': () => import('./modules/seed-api/index.js').then((m) => m.SeedApiModule),
  seo: () => import('./modules/seo/index.js').then((m) => m.SeoModule),
  insights: () => import('./modules/insights/index.js').then((m) => m.InsightsModule),
  /**
   * The PayPal simulator: with PAYPAL_MODE=live or sandbox none of its code is even read, and none of
   * its routes exist.
   */
  'paypal-simulator': () =>
    import('./modules/paypal-simulator/index.js').then((m) => m.PaypalSimulatorModule),
  identity: (http) =>
    import('./modules/identity/index.js').then((m) => m.IdentityModule.forRole(http)),
  content: (http) =>
    import('./modules/content/index.js').then((m) => m.ContentModule.forRole(http)),
  messages: (http) =>
    import('./modules/messages/index.js').then((m) => m.MessagesModule.forRole(http)),
  newsletter: (http) =>
    import('./modules/newsletter/index.js').then((m) => m.NewsletterModule.forRole(http)),
  orders: (http) => import('./modules/orders/index.js').then((m) => m.OrdersModule.forRole(http)),
  deliverables: (http) =>
    import('./modules/deliverables/index.js').then((m) => m.DeliverablesModule.forRole(http)),
  'order-thread': (http) =>
    import('./modules/order-thread/index.js').then((m) => m.OrderThreadModule.forRole(http)),
  intake: (http) => import('./modules/intake/index.js').then((m) => m.IntakeModule.forRole(http)),
  payments: (http) =>
    import('./modules/payments/index.js').then((m) => m.PaymentsModule.forRole(http)),
  notifications: (http) =>
    import('./modules/notifications/index.js').then((m) => m.NotificationsModule.forRole(http)),
  'seo-check': (http) =>
    import('./modules/seo-check/index.js').then((m) => m.SeoCheckModule.forRole(http)),
  indexnow: (http) =>
    import('./modules/indexnow/index.js').then((m) => m.IndexNowModule.forRole(http)),
} satisfies Record<string, (http: boolean) => Promise<FeatureModule>>;

export type FeatureModuleName = keyof typeof FEATURE_MODULES;

/** Modules only the roles that serve HTTP load (media too, which the worker loads further down). */
const HTTP_ONLY: FeatureModuleName[] = [
  'http',
  'ops',
  'media',
  'files',
  'invoices',
  'seed-api',
  'seo',
  'insights',
];

/**
 * The feature modules a role loads, in the order Nest imports them. Every role relays the outbox (safe in
 * many processes at once); the worker loads the modules that hold a queue's processor, a domain event's
 * handler or a mail template (every event and job of theirs still runs there), and no HTTP layer; the
 * PayPal simulator only with PAYPAL_MODE=simulator in a role that serves HTTP.
 */
export function featureModulesForRole(
  role: AppConfig['ROLE'],
  paypalMode: AppConfig['PAYPAL_MODE'],
): FeatureModuleName[] {
  const http = role !== 'worker';
  return [
    ...(http ? HTTP_ONLY : []),
    ...(http && paypalMode === 'simulator' ? ['paypal-simulator' as const] : []),
    'identity',
    'content',
    // The worker makes the images' variants (the roles that serve HTTP load media above).
    ...(http ? [] : ['media' as const]),
    'messages',
    'newsletter',
    'orders',
    'deliverables',
    'order-thread',
    // The intake questionnaire: its OrderPaid handler runs in the worker, its routes in the API.
    'intake',
    'payments',
    // The free SEO check: its routes in the API, its checks and e-mails in the worker.
    'seo-check',
    'notifications',
    // The IndexNow key file and panel in the API; its submissions' handler and job in the worker.
    'indexnow',
  ];
}

/**
 * One build, three roles: `api` serves HTTP, `worker` consumes the queues, `all` does both. A role reads
 * the code of its own modules only (`featureModulesForRole`).
 */
@Module({})
export class AppModule {
  static async forRole(config: AppConfig): Promise<DynamicModule> {
    const features = await Promise.all(
      featureModulesForRole(config.ROLE, config.PAYPAL_MODE).map((name) =>
        FEATURE_MODULES[name](config.ROLE !== 'worker'),
      ),
    );
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
        ...features,
      ],
    };
  }
}
