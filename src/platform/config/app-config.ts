import { z } from 'zod';
import { defaultMailFrom } from './mail-from.js';
import { trustProxySetting } from './trust-proxy-setting.js';

const ROLES = ['api', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

const url = (protocols: string[]) =>
  z.url({
    protocol: new RegExp(`^(${protocols.join('|')})$`),
    error: `must be a ${protocols.map((p) => `${p}://`).join(' or ')} URL`,
  });

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isSecureOrLocal(url: URL): boolean {
  return url.protocol === 'https:' || LOCAL_HOSTS.has(url.hostname);
}

const NOT_A_PORT = 'must be a port number (0-65535)';
const NOT_A_LISTENING_PORT = 'must be a port number (1-65535)';

const milliseconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const emailList = z
  .string()
  .transform((value) => value.split(',').map((address) => address.trim()))
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })).min(1));

/**
 * The two-factor secrets' key outside production when none is set: published here, so it protects
 * nothing; it only keeps a development start free of configuration (production requires its own).
 */
export const DEVELOPMENT_TOTP_SECRET_KEY = 'ZGV2ZWxvcG1lbnQgb25seTogbm90IGEgc2VjcmV0ISE=';

/** What PAYPAL_SIMULATOR_IN_PRODUCTION must say for a production process to run the simulator. */
export const SIMULATOR_IN_PRODUCTION = 'yes-no-real-money';

/**
 * A production process takes real payments: PAYPAL_MODE must be chosen, and the simulator (with
 * which anyone can mark an order paid) only for a demo that says so.
 */
function productionPaypalProblem(config: {
  NODE_ENV: string;
  PAYPAL_MODE?: string;
  PAYPAL_SIMULATOR_IN_PRODUCTION?: string;
}): string | undefined {
  if (config.NODE_ENV !== 'production') return undefined;
  if (config.PAYPAL_MODE === undefined) {
    return 'is required with NODE_ENV=production: set live (or sandbox); without it the built-in simulator would take orders that nobody pays';
  }
  if (config.PAYPAL_MODE === 'simulator' && !config.PAYPAL_SIMULATOR_IN_PRODUCTION) {
    return `must not be simulator with NODE_ENV=production (anyone could mark an order paid without paying): set live (or sandbox), or for a demo shop PAYPAL_SIMULATOR_IN_PRODUCTION=${SIMULATOR_IN_PRODUCTION}`;
  }
  return undefined;
}

/** Every environment variable the product reads, with its default. README's table mirrors this. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).default('all'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: NOT_A_PORT })
      .int({ error: NOT_A_PORT })
      .min(0, { error: NOT_A_PORT })
      .max(65535, { error: NOT_A_PORT })
      .default(3000),
    PUBLIC_URL: url(['http', 'https']).optional(),
    DATABASE_URL: url(['postgres', 'postgresql']).optional(),
    /** Longest wait for a database connection (a free one of the pool, or a new one) before a 503. */
    DATABASE_CONNECT_TIMEOUT_MS: milliseconds(5000),
    /** Connections of each process's pool (unset: POOL_MAX); PostgreSQL's max_connections bounds them all. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
    /** Failed probes in a row before readiness (GET /api/health) reports a service down. */
    HEALTH_FAILURE_THRESHOLD: z.coerce.number().int().min(1).max(100).default(3),
    /** How long a readiness answer is reused: load balancers polling faster do not reach the services. */
    HEALTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    /**
     * Readiness reports the outbox stuck (503) once its oldest due, unsettled row is older than this;
     * 0 turns the check off (the backlog is still reported).
     */
    OUTBOX_STUCK_AFTER_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(300),
    /**
     * Opens GET /api/metrics on the public port to `Authorization: Bearer <token>` (unset: the public
     * port serves no metrics, whoever asks).
     */
    METRICS_TOKEN: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .max(512)
      .regex(/^[\x21-\x7e]+$/, { error: 'must be printable ASCII without spaces' })
      .optional(),
    /** A listener of its own for the metrics, on 127.0.0.1 only (unset: none). */
    METRICS_PORT: z.coerce
      .number({ error: NOT_A_LISTENING_PORT })
      .int({ error: NOT_A_LISTENING_PORT })
      .min(1, { error: NOT_A_LISTENING_PORT })
      .max(65535, { error: NOT_A_LISTENING_PORT })
      .optional(),
    REDIS_URL: url(['redis', 'rediss']).optional(),
    SMTP_URL: url(['smtp', 'smtps']).optional(),
    /** Unset: `SEO Agency <no-reply@{PUBLIC_URL's host}>` (see defaultMailFrom). */
    MAIL_FROM: z.string().min(3).optional(),
    ADMIN_EMAIL: emailList.default(['admin@agency.localhost']),
    /** The first admin's password, used once when there are no admin users yet (else one is generated). */
    ADMIN_PASSWORD: z
      .string()
      .min(6, { error: 'must be at least 6 characters' })
      .max(128)
      .optional(),
    /**
     * The key (32 bytes, base64: `openssl rand -base64 32`) the two-factor sign-in secrets are sealed
     * with in the database (AES-256-GCM). Required with NODE_ENV=production; unset elsewhere, a
     * development key that is no secret (see DEVELOPMENT_TOTP_SECRET_KEY).
     */
    TOTP_SECRET_KEY: z
      .string()
      .refine((key) => /^[A-Za-z0-9+/]{43}=$/.test(key), {
        error: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_ISSUER: z
      .url({ protocol: /^https?$/, error: 'must be an http(s):// URL' })
      .refine((issuer) => isSecureOrLocal(new URL(issuer)), {
        error: 'must be https:// (http:// only for localhost)',
      })
      .default('https://accounts.google.com'),
    /** Whose X-Forwarded-For to believe for client IPs: a hop count or the proxies' addresses. */
    TRUST_PROXY: trustProxySetting.default(false),
    /** Password guessing limits (see LoginThrottle and README). */
    LOGIN_MAX_FAILURES_ACCOUNT_IP: z.coerce.number().int().min(1).default(10),
    LOGIN_SLOWDOWN_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_SLOWDOWN_MAX_SECONDS: z.coerce.number().int().min(1).default(300),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(100),
    LOGIN_ALERT_AFTER_FAILURES: z.coerce.number().int().min(1).default(20),
    LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
    /** Admins must enrol in two-factor sign-in (TOTP) before the admin area lets them in. */
    REQUIRE_ADMIN_2FA: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /** Gone: an account-wide lock-out let anyone lock any owner out. Refused so it is not silently ignored. */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z
      .never({
        error:
          'is no longer read: see LOGIN_MAX_FAILURES_ACCOUNT_IP and LOGIN_SLOWDOWN_AFTER_FAILURES',
      })
      .optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * JSON lines (for log collectors) or one readable line per entry (for a person at a terminal).
     * Unset: readable when stdout is a terminal, JSON otherwise.
     */
    LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1024),
    /** Largest image an admin may upload (POST /api/media); larger files get 413. */
    UPLOADS_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(5 * 1024 * 1024),
    /**
     * Largest file a customer or an admin may attach to an order (POST /api/orders/{id}/files:
     * messages, intake answers, deliverables); larger files get 413. At most 25 MiB (held in memory).
     */
    ORDER_FILE_MAX_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .max(25 * 1024 * 1024)
      .default(25 * 1024 * 1024),
    /**
     * Where uploaded files are kept: `local` (files under DATA_DIR: one machine) or `s3`, an
     * S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Ceph RGW) that every process shares.
     */
    STORAGE_DRIVER: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
    /** The S3 API's origin (unset: AWS S3 of S3_REGION). */
    S3_ENDPOINT: url(['http', 'https']).optional(),
    /** The bucket's region (`auto` for Cloudflare R2; MinIO and s3rver take any). */
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{1,32}$/, { error: 'must be a region name such as us-east-1 or auto' })
      .default('us-east-1'),
    /** The bucket of STORAGE_DRIVER=s3: public media under public/, private files under private/. */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        error: 'must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)',
      })
      .optional(),
    /** Static credentials (unset both: the SDK's own chain, e.g. an instance or pod role). */
    S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
    /** `true` for servers addressed as ENDPOINT/BUCKET/KEY (MinIO, Ceph RGW) rather than BUCKET.ENDPOINT. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Where browsers fetch public media (a CDN or the bucket's public origin, serving the objects under
     * public/): /uploads/<name> then redirects there. Unset: the API serves them itself.
     */
    MEDIA_PUBLIC_URL: url(['http', 'https'])
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
    LOCAL_REDIS_PORT: z.coerce.number().int().min(1).max(65535).default(6390),
    QUEUE_PREFIX: z
      .string()
      .regex(/^[\w-]{1,64}$/, { error: 'must be 1-64 letters, digits, _ or -' })
      .optional(),
    OUTBOX_POLL_INTERVAL_MS: milliseconds(1000),
    OUTBOX_REDELIVER_AFTER_MS: milliseconds(300_000),
    OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
    CONTACT_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
    CONTACT_MAX_PER_SENDER: z.coerce.number().int().min(1).default(3),
    CONTACT_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /** The 404 monitor: at most this many paths are kept (the least recently seen go first). */
    SEO_NOT_FOUND_MAX_PATHS: z.coerce.number().int().min(1).default(10_000),
    /** The 404 monitor: hits written per client IP (IPv6: its /64) a minute; more are not written. */
    SEO_NOT_FOUND_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
    /** Free SEO checks (new or cached) per client network within the window (429 above it). */
    SEO_CHECK_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
    /** New SEO checks (pages fetched) from all clients together within the window (429 above it). */
    SEO_CHECK_MAX_GLOBAL: z.coerce.number().int().min(1).default(300),
    SEO_CHECK_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
    /**
     * Tests and development only: the SEO check may fetch loopback and private addresses on any port
     * (a local test site). Refused with NODE_ENV=production.
     */
    SEO_CHECK_ALLOW_PRIVATE_TARGETS: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
    /**
     * Where checkout posts and IPN messages are verified: PayPal itself (`live`), its sandbox, or the
     * built-in simulator served by this app (the default outside production: every payment flow works
     * offline; production must choose, see productionPaypalProblem).
     */
    PAYPAL_MODE: z.enum(['simulator', 'sandbox', 'live']).optional(),
    /** The one value that lets a production process run the simulator (a demo shop). */
    PAYPAL_SIMULATOR_IN_PRODUCTION: z
      .literal(SIMULATOR_IN_PRODUCTION, { error: `must be ${SIMULATOR_IN_PRODUCTION} or unset` })
      .optional(),
    /** Overrides the mode's IPN verification URL (tests point it at a proxy or a dead port). */
    PAYPAL_IPN_VERIFY_URL: url(['http', 'https']).optional(),
    /**
     * PayPal Checkout (Orders v2, the default with REST credentials or the simulator) or Payments
     * Standard (the `_xclick` form, deprecated by PayPal).
     */
    PAYMENT_INTEGRATION: z.enum(['checkout', 'standard']).optional(),
    /** REST app credentials and the webhook's id, from PayPal's developer dashboard (Checkout). */
    PAYPAL_CLIENT_ID: z.string().min(1).max(200).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).max(200).optional(),
    PAYPAL_WEBHOOK_ID: z.string().min(1).max(100).optional(),
    /** Overrides the mode's REST API origin (tests point it at a proxy or a dead port). */
    PAYPAL_API_URL: url(['http', 'https']).optional(),
    /** Where the simulator sends its webhook events (default: this shop's listener; tests lose them). */
    PAYPAL_SIMULATOR_WEBHOOK_URL: url(['http', 'https']).optional(),
    /**
     * How long the simulator waits before it answers a verification (IPN postback, webhook signature
     * check), as PayPal does when it is slow: tests use it; 0 answers at once.
     */
    PAYPAL_SIMULATOR_VERIFY_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** A PayPal order created but not captured this long is looked up by reconciliation. */
    PAYPAL_RECONCILE_AFTER_MS: milliseconds(10 * 60_000),
    /** How often reconciliation runs. */
    PAYPAL_RECONCILE_EVERY_MS: milliseconds(5 * 60_000),
    /** How long after it was placed an order still UnPaid gets its one reminder e-mail (default 24 h). */
    ORDER_REMINDER_DELAY_MS: milliseconds(24 * 3600_000),
    /** Days a delivery waits for the customer's answer before the hourly job approves it. */
    DELIVERY_AUTO_APPROVE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /**
     * The customer hears of the agency's messages on an order's thread at most once per this long (10
     * minutes): the first message since the last e-mail schedules one that lists what is unread then.
     */
    ORDER_MESSAGE_EMAIL_DELAY_MS: milliseconds(10 * 60_000),
    /**
     * A newsletter sign-up never confirmed is deleted this long after its latest request (by default a
     * week, as long as its confirmation link works).
     */
    NEWSLETTER_PENDING_EXPIRY_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
    /** SMTP connections each process keeps open (a newsletter's batches share them). */
    SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(8),
    /** A campaign is fanned out in jobs of this many recipients each. */
    NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    /** How many e-mails of one batch are handed to SMTP at once. */
    NEWSLETTER_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
    /** Soft bounces of one address within NEWSLETTER_SOFT_BOUNCE_WINDOW_MS that make it `bounced`. */
    NEWSLETTER_SOFT_BOUNCE_LIMIT: z.coerce.number().int().min(1).max(100).default(3),
    /** The window in which soft bounces are counted (default 14 days). */
    NEWSLETTER_SOFT_BOUNCE_WINDOW_MS: milliseconds(14 * 24 * 3600_000),
    /**
     * Besides AWS's own `https://sns.<region>.amazonaws.com/` hosts, URL prefixes an SNS message's
     * SigningCertURL and SubscribeURL may start with (comma-separated; tests trust a local server).
     */
    NEWSLETTER_SNS_CERT_URL_PREFIXES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((prefix) => prefix.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.url({ error: 'must be comma-separated URLs' }))),
    /** The SNS topics whose notices are taken (comma-separated ARNs; unset: any topic). */
    NEWSLETTER_SNS_TOPIC_ARNS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((arn) => arn.trim())
          .filter(Boolean),
      ),
    /** Postmark's webhook: HTTP basic auth `user:password` (unset, and no token: the route is closed). */
    NEWSLETTER_POSTMARK_BASIC_AUTH: z
      .string()
      .regex(/^[^:]+:.{8,}$/, { error: 'must be user:password (a password of 8+ characters)' })
      .optional(),
    /** Postmark's webhook: a token sent as the `X-Postmark-Token` header or the `token` query. */
    NEWSLETTER_POSTMARK_TOKEN: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .max(512)
      .optional(),
    /** The shared secret of the generic bounce format's HMAC-SHA256 (unset: the route is closed). */
    NEWSLETTER_BOUNCE_SECRET: z
      .string()
      .min(16, { error: 'must be at least 16 characters' })
      .max(512)
      .optional(),
    /** Campaign batch jobs one worker process sends at once. */
    NEWSLETTER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
    /**
     * At most this many campaign e-mails per NEWSLETTER_RATE_WINDOW_MS, counted in Redis across every
     * worker (a provider's hourly cap); unset: unlimited.
     */
    NEWSLETTER_RATE_PER_WINDOW: z.coerce.number().int().min(1).optional(),
    NEWSLETTER_RATE_WINDOW_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
    /** A campaign pauses itself after this many delivery errors in a row (0: never). */
    NEWSLETTER_PAUSE_AFTER_ERRORS: z.coerce.number().int().min(0).max(10_000).default(10),
    /** Largest CSV accepted by the subscriber import (413 above it). */
    NEWSLETTER_IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(100 * 1024 * 1024)
      .default(20 * 1024 * 1024),
    /**
     * The IndexNow key (8–128 letters, digits or dashes, served at `/{key}.txt`); unset: one generated
     * once and kept in the database.
     */
    INDEXNOW_KEY: z
      .string()
      .regex(/^[a-zA-Z0-9-]{8,128}$/, { error: 'must be 8 to 128 letters, digits or dashes' })
      .optional(),
    /**
     * Where IndexNow submissions are posted. Unset: https://api.indexnow.org/indexnow with
     * NODE_ENV=production, none otherwise (a development or test start never tells search engines).
     */
    INDEXNOW_ENDPOINT: url(['http', 'https']).optional(),
    /** How long after a content change its IndexNow submission waits, gathering the changes after it. */
    INDEXNOW_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    /** How far ahead a planned content publish must be ("Publish at"): a few seconds in tests. */
    CONTENT_PUBLISH_MIN_LEAD_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    JOB_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    JOB_BACKOFF_MS: milliseconds(2000),
    QUEUE_LOCK_DURATION_MS: milliseconds(30_000),
    QUEUE_STALLED_INTERVAL_MS: milliseconds(30_000),
    SHUTDOWN_TIMEOUT_MS: milliseconds(15_000),
    /**
     * Longest run of one SQL statement of the application's pool (PostgreSQL cancels it; the driver
     * gives up on an answer a little later, for a link that went silent). 0: no limit. Migrations
     * are not limited.
     */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
    /**
     * Whether start-up applies pending migrations. `false` for an application role that does not own
     * the tables: start-up then only checks that none is pending (they are applied with --migrate-only
     * as the owner).
     */
    DATABASE_MIGRATE: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('true')
      .transform((value) => value === 'true'),
    /** Admin live-feed streams one session may hold open in one API process (429 beyond). */
    LIVE_FEED_MAX_STREAMS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(5),
    /** Admin live-feed streams one API process holds open in all (429 beyond). */
    LIVE_FEED_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(500),
  })
  .check((ctx) => {
    const problem = productionPaypalProblem(ctx.value);
    if (problem) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['PAYPAL_MODE'],
        message: problem,
      });
    }
    if (ctx.value.NODE_ENV === 'production' && !ctx.value.TOTP_SECRET_KEY) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['TOTP_SECRET_KEY'],
        message:
          'is required with NODE_ENV=production (the two-factor secrets are sealed with it): set the output of openssl rand -base64 32, and keep it',
      });
    }
    const { METRICS_PORT, PORT } = ctx.value;
    if (METRICS_PORT === PORT) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['METRICS_PORT'],
        message: `must differ from PORT (${PORT})`,
      });
    }
  })
  .check((ctx) => {
    const { PAYMENT_INTEGRATION, PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET } = ctx.value;
    const PAYPAL_MODE = ctx.value.PAYPAL_MODE ?? 'simulator';
    const { PAYPAL_WEBHOOK_ID } = ctx.value;
    if (Boolean(PAYPAL_CLIENT_ID) !== Boolean(PAYPAL_CLIENT_SECRET)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID'],
        message: 'must be set together with the other PAYPAL_CLIENT_ variable',
      });
    }
    // Against PayPal itself, Checkout needs the app's credentials and the webhook to verify events.
    if (PAYPAL_MODE !== 'simulator' && PAYMENT_INTEGRATION === 'checkout') {
      const missing = (
        [
          ['PAYPAL_CLIENT_ID', PAYPAL_CLIENT_ID],
          ['PAYPAL_CLIENT_SECRET', PAYPAL_CLIENT_SECRET],
          ['PAYPAL_WEBHOOK_ID', PAYPAL_WEBHOOK_ID],
        ] as const
      ).find(([, value]) => !value);
      if (missing) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          path: [missing[0]],
          message: `is required for PAYMENT_INTEGRATION=checkout with PAYPAL_MODE=${PAYPAL_MODE}`,
        });
      }
    }
    if (
      PAYPAL_MODE !== 'simulator' &&
      PAYPAL_CLIENT_ID &&
      !PAYPAL_WEBHOOK_ID &&
      !PAYMENT_INTEGRATION
    ) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['PAYPAL_WEBHOOK_ID'],
        message:
          'is required with PAYPAL_CLIENT_ID (Checkout verifies every webhook event with it)',
      });
    }
  })
  .check((ctx) => {
    const {
      STORAGE_DRIVER,
      S3_BUCKET,
      S3_ACCESS_KEY_ID: keyId,
      S3_SECRET_ACCESS_KEY: secret,
    } = ctx.value;
    if (STORAGE_DRIVER === 's3' && !S3_BUCKET) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['S3_BUCKET'],
        message: 'is required with STORAGE_DRIVER=s3',
      });
    }
    if (STORAGE_DRIVER === 's3' && Boolean(keyId) !== Boolean(secret)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [keyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'must be set together with the other S3_ credential variable',
      });
    }
  })
  .check((ctx) => {
    if (ctx.value.NODE_ENV === 'production' && ctx.value.SEO_CHECK_ALLOW_PRIVATE_TARGETS) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['SEO_CHECK_ALLOW_PRIVATE_TARGETS'],
        message:
          'must not be true with NODE_ENV=production (visitors could make the server fetch its own network)',
      });
    }
  })
  .check((ctx) => {
    const { GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: secret } = ctx.value;
    if (Boolean(id) !== Boolean(secret)) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [id ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'],
        message: 'must be set together with the other GOOGLE_CLIENT_ variable',
      });
    }
  })
  // Outside production, no configuration at all still takes (simulated) payments; e-mails come from
  // the site's own host.
  .transform((config) => ({
    ...config,
    PAYPAL_MODE: config.PAYPAL_MODE ?? 'simulator',
    MAIL_FROM: config.MAIL_FROM ?? defaultMailFrom(config.PUBLIC_URL),
    TOTP_SECRET_KEY: config.TOTP_SECRET_KEY ?? DEVELOPMENT_TOTP_SECRET_KEY,
  }));

export type RawConfig = z.infer<typeof configSchema>;

/** Configuration once the zero-config start has filled in the services. */
export type AppConfig = Omit<
  RawConfig,
  'DATABASE_URL' | 'REDIS_URL' | 'PUBLIC_URL' | 'QUEUE_PREFIX'
> & {
  DATABASE_URL: string;
  REDIS_URL: string;
  PUBLIC_URL: string;
  QUEUE_PREFIX: string;
};

/**
 * Queues belong to the database whose outbox feeds them: by default their Redis keys are prefixed with
 * the database name, so instances that share one Redis but not a database never take each other's jobs.
 */
export function defaultQueuePrefix(databaseUrl: string): string {
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres';
  return `seo-${database.replace(/[^\w-]/g, '_')}`;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

export class ConfigError extends Error {}

/** Parses the environment; the error names the first bad variable in one line. */
export function parseConfig(env: NodeJS.ProcessEnv): RawConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(present);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0] ?? 'environment');
  const given = env[name] === undefined ? 'unset' : `got ${JSON.stringify(env[name])}`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (${given})`);
}
