/**
 * Valid inputs for any documented operation, so that a test can make exactly one thing wrong (the
 * fuzz test) or show that a refused request would have acted (the cross-site walk): a valid body,
 * and path parameters naming records that exist (created through the API when there is none).
 */
import type pg from 'pg';
import { type SectionDef } from '../../src/contracts/content/index.js';
import { SEED_ROUTES, type SeedTarget } from '../../src/modules/seed-api/seed-routes.js';
import { sampleRecord, sectionOf } from './content.js';
import type { ApiOperation, JsonSchema } from './openapi.js';

/** What an operation works on, as far as its valid input depends on it. */
export type Subject =
  | { kind: 'content'; section: SectionDef }
  | { kind: 'adminUsers' }
  | { kind: 'messages' }
  | { kind: 'subscribers' }
  | { kind: 'campaigns' }
  | { kind: 'orders' }
  | { kind: 'paymentAccounts' }
  | { kind: 'paymentNotifications' }
  | { kind: 'files' }
  | { kind: 'intakeForms' }
  | { kind: 'redirects' }
  | { kind: 'notFound' }
  | { kind: 'seoChecks' }
  | { kind: 'other' };

const seedTargets = new Map(
  SEED_ROUTES.map((route) => [`${route.method} /api${route.path}`, route.target]),
);

function subjectOfSeed(target: SeedTarget): Subject {
  if ('section' in target) return { kind: 'content', section: sectionOf(target.section) };
  if (target.kind.startsWith('adminUsers')) return { kind: 'adminUsers' };
  if (target.kind.startsWith('messages.')) return { kind: 'messages' };
  if (target.kind.startsWith('orders.')) return { kind: 'orders' };
  if (target.kind.startsWith('paymentAccounts.')) return { kind: 'paymentAccounts' };
  return { kind: 'subscribers' };
}

/** The subject of an operation; `sectionKey` fills a `{section}` parameter. */
export function subjectOf(op: ApiOperation, sectionKey: string): Subject {
  const seed = seedTargets.get(`${op.method} ${op.path}`);
  if (seed) return subjectOfSeed(seed);
  if (op.path.startsWith('/api/content/{section}'))
    return { kind: 'content', section: sectionOf(sectionKey) };
  if (op.path.startsWith('/api/admin/content-drafts/{section}/entries'))
    return { kind: 'content', section: sectionOf(sectionKey) };
  if (op.path.startsWith('/api/admin/users')) return { kind: 'adminUsers' };
  if (op.path.startsWith('/api/orders') || op.path.startsWith('/api/admin/orders'))
    return { kind: 'orders' };
  if (op.path.startsWith('/api/admin/messages')) return { kind: 'messages' };
  if (op.path.startsWith('/api/admin/payment-accounts')) return { kind: 'paymentAccounts' };
  if (op.path.startsWith('/api/admin/payment-notifications')) {
    return { kind: 'paymentNotifications' };
  }
  if (op.path.startsWith('/api/admin/subscribers')) return { kind: 'subscribers' };
  if (op.path.startsWith('/api/admin/campaigns')) return { kind: 'campaigns' };
  if (op.path.startsWith('/api/admin/intake-forms')) return { kind: 'intakeForms' };
  if (op.path.startsWith('/api/admin/seo/redirects')) return { kind: 'redirects' };
  if (op.path.startsWith('/api/admin/seo/not-found')) return { kind: 'notFound' };
  if (op.path.startsWith('/api/seo-check/')) return { kind: 'seoChecks' };
  if (op.path.startsWith('/api/files/')) return { kind: 'files' };
  // Invoices are issued by payments, not through the API: like files, an id that names none.
  if (op.path.startsWith('/api/invoices/')) return { kind: 'files' };
  // Subscriptions are made at PayPal by the subscribe flow, not through a plain call: likewise.
  if (op.path.startsWith('/api/subscriptions/')) return { kind: 'files' };
  return { kind: 'other' };
}

const TEXT_BY_NAME: Record<string, string> = {
  password: 'Correct-Horse-Fuzz-Battery',
  newPassword: 'Correct-Horse-Fuzz-Battery',
  currentPassword: 'Not-The-Current-Password-1',
  token: 'a'.repeat(43),
  number: '+1 555 0100',
  name: 'Fuzz Tester',
  subject: 'Fuzz subject',
  message: 'Fuzz message',
  // The free SEO check's page (the api role runs no worker: it is never fetched).
  url: 'https://fuzz.example/',
  // A public page to preview (the live preview of the drafts).
  path: '/',
};
/** Arrays of ids that name no record (a delivery's files): the call reaches its handler. */
const ARRAY_BY_NAME: Record<string, unknown[]> = {
  fileIds: ['00000000-0000-4000-8000-00000000f11e'],
};
const EMAIL_NAMES = new Set(['email', 'userEmail', 'subemail', 'paypalEmail']);

/** Valid bodies: each call gives new e-mail addresses (numbered, so runs are alike). */
export class ExampleBodies {
  private count = 0;

  /** A pricing package's id and name, for placing orders (set once the suite knows one). */
  packageId = '';
  packageName = '';

  private email(): string {
    return `fuzz-${++this.count}@example.test`;
  }

  /** A valid JSON body for the operation (its required fields; every field of a content section). */
  body(subject: Subject, schema: JsonSchema | undefined): Record<string, unknown> {
    switch (subject.kind) {
      case 'content':
        return sampleRecord(subject.section, `fz${++this.count}`);
      case 'adminUsers':
        return { userEmail: this.email(), userRole: 'Admin' };
      case 'subscribers':
        // Starting an import: its e-mail column (an unknown import is a 404 either way).
        if (schema?.properties?.mapping) {
          return { mapping: { email: 0, name: null, status: null }, consent: false };
        }
        return { subemail: this.email() };
      case 'campaigns':
        // Sending is asked for with `sendAt: null` (now); a text there is not a time.
        return schema?.properties?.sendAt ? { sendAt: null } : this.fromSchema(schema);
      case 'orders':
        if (schema?.properties?.packageId)
          return { packageId: this.packageId, customerName: TEXT_BY_NAME.name };
        // The seed's order form names the package.
        if (schema?.properties?.packageName)
          return { packageName: this.packageName, customerName: TEXT_BY_NAME.name };
        // The intake's answers: none (the order the walks use is unpaid: a 409 either way).
        if (schema?.properties?.answers) return { answers: {} };
        return this.fromSchema(schema);
      case 'intakeForms':
        return { fields: [{ key: 'site', type: 'url', label: 'Your site', required: true }] };
      case 'redirects':
        // A path of its own each time: a second rule for a path is refused.
        return { from: `/fuzz-old-${++this.count}`, to: '/pricing/', status: 301 };
      case 'notFound':
        return { to: '/pricing/' };
      default:
        return this.fromSchema(schema);
    }
  }

  private fromSchema(schema: JsonSchema | undefined): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const name of schema?.required ?? []) {
      const property = schema?.properties?.[name] ?? {};
      if (property.enum) body[name] = property.enum[0];
      else if (property.type === 'number' || property.type === 'integer') body[name] = 1;
      else if (property.type === 'boolean') body[name] = true;
      else if (property.type === 'array') body[name] = ARRAY_BY_NAME[name] ?? [];
      else if (EMAIL_NAMES.has(name)) body[name] = this.email();
      else body[name] = TEXT_BY_NAME[name] ?? 'Fuzz text';
    }
    return body;
  }
}

/** The properties to make bad one at a time, and the required ones to leave out. */
export function bodyFields(
  subject: Subject,
  schema: JsonSchema | undefined,
  example: Record<string, unknown>,
): { properties: string[]; required: string[] } {
  if (subject.kind === 'content') {
    const fields = subject.section.fields;
    return {
      properties: fields.map((field) => field.name),
      required: fields.filter((field) => field.required).map((field) => field.name),
    };
  }
  const properties = Object.keys(schema?.properties ?? {});
  return {
    properties: properties.length > 0 ? properties : Object.keys(example),
    required: schema?.required ?? Object.keys(example),
  };
}

/**
 * Ids of records that exist, read from the database when it is asked for them; what is missing is
 * created through the API by `create` (a section's record, another admin user).
 */
export class ExistingRecords {
  constructor(
    private readonly db: pg.Pool,
    private readonly adminEmail: string,
    private readonly create: {
      entry(section: SectionDef): Promise<void>;
      adminUser(): Promise<void>;
      /** Places an order as the signed-in admin (an account like any other). */
      order(): Promise<void>;
      /** Posts an IPN message (PayPal's, or anyone's: the listener stores what it gets). */
      paymentNotification(): Promise<void>;
    },
  ) {}

  async entryId(section: SectionDef): Promise<string> {
    const find = () =>
      this.db.query<{ id: string }>(
        'select id from content_entry where section = $1 order by created_at, id limit 1',
        [section.key],
      );
    let { rows } = await find();
    if (rows.length === 0) {
      await this.create.entry(section);
      ({ rows } = await find());
    }
    if (!rows[0]) throw new Error(`no record of ${section.key} after creating one`);
    return rows[0].id;
  }

  async revisionId(section: SectionDef): Promise<string> {
    await this.entryId(section);
    const { rows } = await this.db.query<{ id: string }>(
      'select id from content_revision where section = $1 order by at, id limit 1',
      [section.key],
    );
    if (!rows[0]) throw new Error(`no revision of ${section.key}`);
    return rows[0].id;
  }

  /** An admin user other than the signed-in admin (whom the API will not let remove themself). */
  async otherAdminUserId(): Promise<string> {
    const find = () =>
      this.db.query<{ id: string }>(
        'select id from admin_user where email <> $1 order by created_at, id limit 1',
        [this.adminEmail],
      );
    let { rows } = await find();
    if (rows.length === 0) {
      await this.create.adminUser();
      ({ rows } = await find());
    }
    if (!rows[0]) throw new Error('no other admin user after adding one');
    return rows[0].id;
  }

  /** An unpaid order of the signed-in admin, so that both the customer and admin routes find it. */
  async unpaidOrderId(): Promise<string> {
    const find = () =>
      this.db.query<{ id: string }>(
        `select id from "order" where customer_email = lower($1) and payment_status = 'UnPaid'
          order by order_date, id limit 1`,
        [this.adminEmail],
      );
    let { rows } = await find();
    if (rows.length === 0) {
      await this.create.order();
      ({ rows } = await find());
    }
    if (!rows[0]) throw new Error('no unpaid order after placing one');
    return rows[0].id;
  }

  /** A PayPal receiving e-mail (simulator mode stores one at start-up). */
  async paymentAccountId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from payment_account order by created_at, id limit 1',
    );
    if (!rows[0]) throw new Error('no payment account');
    return rows[0].id;
  }

  /** A stored IPN message. */
  async paymentNotificationId(): Promise<string> {
    const find = () =>
      this.db.query<{ id: string }>(
        'select id from payment_notification order by received_at, id limit 1',
      );
    let { rows } = await find();
    if (rows.length === 0) {
      await this.create.paymentNotification();
      ({ rows } = await find());
    }
    if (!rows[0]) throw new Error('no payment notification after posting one');
    return rows[0].id;
  }

  /**
   * A newsletter subscriber, inserted when there is none: the sign-up form is limited per IP, and the
   * fuzzing spends that limit.
   */
  async subscriberId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from subscriber order by created_at, id limit 1',
    );
    if (rows[0]) return rows[0].id;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into subscriber (id, email, status, created_at, requested_at)
       values (gen_random_uuid(), 'fuzz-subscriber@example.test', 'pending', now(), now())
       on conflict (email) do update set status = subscriber.status
       returning id`,
    );
    return inserted[0]!.id;
  }

  /** A contact message, inserted when there is none (the form is limited per IP, as the fuzzing is). */
  async messageId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from message order by created_at, id limit 1',
    );
    if (rows[0]) return rows[0].id;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into message (id, name, email, number, subject, message, message_status, created_at)
       values (gen_random_uuid(), 'Fuzz Tester', 'fuzz-message@example.test', '+1 555 0100',
               'Fuzz subject', 'Fuzz message', 'UnRead', now())
       returning id`,
    );
    return inserted[0]!.id;
  }

  /** A finished free SEO check, inserted when there is none. */
  async seoCheckId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from seo_check order by created_at, id limit 1',
    );
    if (rows[0]) return rows[0].id;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into seo_check (id, url, status, error, created_at, finished_at)
       values (gen_random_uuid(), 'https://fuzz.example/', 'failed', 'Fuzz', now(), now())
       returning id`,
    );
    return inserted[0]!.id;
  }

  /** A draft newsletter, inserted when there is none. */
  async campaignId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      `select id from newsletter_campaign where status = 'draft' order by created_at, id limit 1`,
    );
    if (rows[0]) return rows[0].id;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into newsletter_campaign (id, subject, body, created_by, created_at, updated_at)
       values (gen_random_uuid(), 'Fuzz newsletter', 'Fuzz body', 'fuzz@example.test', now(), now())
       returning id`,
    );
    return inserted[0]!.id;
  }

  /** A redirect rule, inserted when there is none. */
  async redirectId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from seo_redirect order by created_at, id limit 1',
    );
    if (rows[0]) return rows[0].id;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into seo_redirect (id, from_path, from_key, match, to_target, status, created_at, updated_at)
       values (gen_random_uuid(), '/fuzz-redirect', '/fuzz-redirect', 'exact', '/pricing/', 301, now(), now())
       returning id`,
    );
    return inserted[0]!.id;
  }

  /** A path of the 404 monitor, inserted when there is none (a new path each time). */
  async notFoundId(): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from seo_not_found order by last_seen_at, id limit 1',
    );
    if (rows[0]) return rows[0].id;
    const { rows: inserted } = await this.db.query<{ id: string }>(
      `insert into seo_not_found (id, path, count, first_seen_at, last_seen_at)
       values (gen_random_uuid(), '/fuzz-missing-' || gen_random_uuid(), 1, now(), now())
       returning id`,
    );
    return inserted[0]!.id;
  }

  /** A saved version of a pricing package's questionnaire (the demo content ships one each). */
  async intakeFormVersionId(packageId: string): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      'select id from intake_form_version where package_id = $1 order by version limit 1',
      [packageId],
    );
    if (!rows[0]) throw new Error('no version of the package’s questionnaire');
    return rows[0].id;
  }

  /** Values for the operation's path parameters, each naming an existing record. */
  async pathParams(op: ApiOperation, subject: Subject): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    for (const parameter of op.parameters.filter((p) => p.in === 'path')) {
      if (parameter.name === 'section' && subject.kind === 'content') {
        values.section = subject.section.key;
      } else if (parameter.name === 'revisionId' && subject.kind === 'content') {
        values.revisionId = await this.revisionId(subject.section);
      } else if (subject.kind === 'content') {
        values[parameter.name] = await this.entryId(subject.section);
      } else if (subject.kind === 'adminUsers') {
        values[parameter.name] = await this.otherAdminUserId();
      } else if (subject.kind === 'orders') {
        values[parameter.name] = await this.unpaidOrderId();
      } else if (subject.kind === 'messages') {
        values[parameter.name] = await this.messageId();
      } else if (subject.kind === 'paymentAccounts') {
        values[parameter.name] = await this.paymentAccountId();
      } else if (subject.kind === 'paymentNotifications') {
        values[parameter.name] = await this.paymentNotificationId();
      } else if (subject.kind === 'subscribers') {
        values[parameter.name] = await this.subscriberId();
      } else if (subject.kind === 'seoChecks') {
        values[parameter.name] = await this.seoCheckId();
      } else if (subject.kind === 'campaigns') {
        values[parameter.name] = await this.campaignId();
      } else if (subject.kind === 'intakeForms') {
        // A pricing package (`packageId`) and a version of its questionnaire (`versionId`).
        const packageId = await this.entryId(sectionOf('pricing'));
        values[parameter.name] =
          parameter.name === 'versionId' ? await this.intakeFormVersionId(packageId) : packageId;
      } else if (subject.kind === 'redirects') {
        values[parameter.name] = await this.redirectId();
      } else if (subject.kind === 'notFound') {
        values[parameter.name] = await this.notFoundId();
      } else if (subject.kind === 'files') {
        // Private files are stored by other modules' commands, not through the API: a file id that
        // names none (the routes answer it like another customer's file).
        values[parameter.name] = NO_SUCH_FILE_ID;
      } else if (parameter.name === 'section' && op.path.startsWith('/api/admin/content-drafts/')) {
        // A section's draft (publish, discard, schedule): the banner's.
        values.section = 'banner';
      } else if (parameter.name === 'pageId' && op.path.startsWith('/api/admin/seo/pages/')) {
        // A public page's id (its path without slashes): the home page.
        values.pageId = 'home';
      } else if (parameter.name === 'key' && op.path === '/{key}.txt') {
        // The IndexNow key file: another key than the site's is a 404.
        values.key = 'not-the-indexnow-key';
      } else {
        throw new Error(`${op.method} ${op.path}: no known value for {${parameter.name}}`);
      }
    }
    return values;
  }
}

const NO_SUCH_FILE_ID = '00000000-0000-4000-8000-00000000f11e';

/** The documented path with its parameters filled in (values are used as given). */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return value;
  });
}
