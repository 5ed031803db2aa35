/**
 * The intake questionnaire against the built server, real PostgreSQL, Redis and SMTP: the admins'
 * form builder (validation, versions, restore), the demo questionnaire of the demo packages, the
 * e-mail asking for the details after the payment (or the work started at once when the package asks
 * nothing), and the customer's answers (validated per field, nothing half-written, kept with the
 * version they answered; the first submission starts the work with its due date).
 *
 *   npm run build:server && npm run test:integration -- test/integration/intake.test.ts
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { type HttpClient } from '../support/http-client.js';
import { assertErrorBody, assertStatus, type Json, mailTo } from '../support/identity.js';
import { listEntries } from '../support/content.js';
import { pollUntil } from '../support/net.js';
import { tinyPdf, uploadOrderFile } from '../support/order-files.js';
import { type Customer, useWorld } from '../support/world.js';

const world = useWorld({ name: 'intake' });

const DAY = 86_400_000;

/** The IntakeSubmitted events of an order (whether each was the first answers), oldest first. */
const intakeEvents = async (orderId: string) =>
  (
    await world.db.query<{ first: boolean }>(
      `select (payload->>'first')::boolean as first from outbox_event
        where type = 'IntakeSubmitted' and payload->>'orderId' = $1 order by occurred_at`,
      [orderId],
    )
  ).rows.map((row) => row.first);
const DEMO_KEYS = [
  'siteUrl',
  'targetKeywords',
  'competitors',
  'targetMarket',
  'searchConsoleAccess',
  'earlierReports',
  'notes',
];

type Field = {
  key: string;
  type: string;
  label: string;
  required?: boolean;
  help?: string;
  options?: string[];
};
type Version = { id: string; version: number; fields: Field[]; savedBy: string | null };
type Intake = {
  orderId: string;
  form: Version | null;
  submission: {
    form: Version;
    answers: Record<string, unknown>;
    files: { id: string; filename: string }[];
    submittedAt: string;
    submittedBy: string;
    submittedByEmail: string | null;
  } | null;
  history: { submittedBy: string; submittedByEmail: string | null }[];
};

const DEMO_ANSWERS = {
  siteUrl: 'https://www.example.com',
  targetKeywords: 'seo agency\nlocal seo',
  competitors: 'https://competitor.example',
  targetMarket: 'United States, English',
  searchConsoleAccess: true,
  notes: '',
};

describe('the intake questionnaire', () => {
  let admin: HttpClient;
  let packages: Record<string, string>;

  const orderOf = async (client: HttpClient, orderId: string) => {
    const order = await client.get(`/api/orders/${orderId}`);
    assertStatus(order, 200, 'read the order');
    return order.body as Json;
  };
  const submissions = async (orderId: string) =>
    Number(
      (
        await world.db.query('select count(*) from intake_submission where order_id = $1', [
          orderId,
        ])
      ).rows[0].count,
    );
  /** A paid order of `packageName` (the admin records an offline payment). */
  const paidOrder = (packageName: string, by?: Customer) =>
    world.order({ packageId: packages[packageName]!, paid: true, ...(by && { by }) });

  beforeAll(async () => {
    admin = await world.admin();
    packages = Object.fromEntries(
      (await listEntries(world.api.client(), 'pricing')).map((entry) => [
        String(entry.packageName),
        entry._id,
      ]),
    );
  }, 120_000);

  test('every demo package ships the SEO questionnaire and its delivery time', async () => {
    const listed = await admin.get('/api/admin/intake-forms');
    assertStatus(listed, 200, 'list the forms');
    const rows = listed.body as Json[];
    expect(
      rows.map((row) => [row.packageName, row.version, row.fieldCount, row.deliveryDays]),
    ).toEqual(
      expect.arrayContaining([
        ['Basic', 1, 7, 14],
        ['Standard', 1, 7, 21],
        ['Premium', 1, 7, 30],
      ]),
    );
    const premium = await admin.get(`/api/admin/intake-forms/${packages.Premium}`);
    assertStatus(premium, 200, 'read the Premium form');
    const current = (premium.body as { current: Version }).current;
    expect(current.fields.map((field) => field.key)).toEqual(DEMO_KEYS);
    expect(current.fields.map((field) => [field.type, field.required])).toEqual([
      ['url', true],
      ['longText', true],
      ['longText', false],
      ['shortText', true],
      ['checkbox', false],
      ['file', false],
      ['longText', false],
    ]);
    expect(current.savedBy).toBeNull();

    // Customers and visitors never reach the builder.
    const customer = await world.customer();
    assertErrorBody(await customer.client.get('/api/admin/intake-forms'), 403);
    expect((await world.api.client().get('/api/admin/intake-forms')).status).toBe(401);
  });

  test('an admin saves a form (bad definitions are refused, naming the field), sees its versions and restores one', async () => {
    const url = `/api/admin/intake-forms/${packages.Standard}`;
    const refused = async (body: unknown, field: string) => {
      const answer = await admin.put(url, body);
      const error = assertErrorBody(answer, 400, `refuse ${field}`);
      expect(Object.keys(error.fields as Json)).toContain(field);
    };
    const field = (extra: Partial<Field> = {}): Field => ({
      key: 'site',
      type: 'url',
      label: 'Site',
      ...extra,
    });
    await refused({ fields: [field({ label: '  ' })] }, 'fields.0.label');
    await refused({ fields: [field(), field({ label: 'Other' })] }, 'fields.1.key');
    await refused(
      { fields: [field({ key: 'pick', type: 'select', options: [] })] },
      'fields.0.options',
    );
    await refused({ fields: [field({ type: 'date' })] }, 'fields.0.type');
    await refused({ fields: [field({ key: 'Has space' })] }, 'fields.0.key');
    await refused(
      { fields: Array.from({ length: 51 }, (_, i) => field({ key: `f${i}` })) },
      'fields',
    );
    // Nothing was saved by any of them.
    let versions = await admin.get(`${url}/versions`);
    expect((versions.body as Version[]).map((v) => v.version)).toEqual([1]);

    const saved = await admin.put(url, {
      fields: [
        field({ required: true, help: 'Your home page' }),
        field({ key: 'goal', type: 'select', label: 'Goal', options: ['Traffic', 'Leads'] }),
        // Options of a type that takes none are dropped.
        field({ key: 'budget', type: 'number', label: 'Budget', options: ['x'] }),
      ],
    });
    assertStatus(saved, 200, 'save the form');
    expect(saved.body).toMatchObject({ version: 2, savedBy: world.adminEmail });
    expect((saved.body as Version).fields[2]).toEqual({
      key: 'budget',
      type: 'number',
      label: 'Budget',
      required: false,
      help: '',
      options: [],
    });

    versions = await admin.get(`${url}/versions`);
    assertStatus(versions, 200, 'list the versions');
    const [v2, v1] = versions.body as Version[];
    expect([v2!.version, v1!.version]).toEqual([2, 1]);

    const restored = await admin.post(`${url}/versions/${v1!.id}/restore`);
    assertStatus(restored, 200, 'restore version 1');
    expect(restored.body).toMatchObject({ version: 3, savedBy: world.adminEmail });
    expect((restored.body as Version).fields).toEqual(v1!.fields);
    // Version 2 is kept as it was: history is never rewritten.
    versions = await admin.get(`${url}/versions`);
    expect((versions.body as Version[]).map((v) => [v.version, v.fields.length])).toEqual([
      [3, 7],
      [2, 3],
      [1, 7],
    ]);
    // The restore and the save are in the audit log.
    const audit = await admin.get('/api/admin/audit?kind=intake-form.restored');
    expect(JSON.stringify(audit.body)).toContain('version 1 restored as version 3');

    assertErrorBody(await admin.post(`${url}/versions/${randomUUID()}/restore`), 404);
    assertErrorBody(await admin.get(`/api/admin/intake-forms/${randomUUID()}`), 404);
    assertErrorBody(await admin.put(`/api/admin/intake-forms/not-an-id`, { fields: [] }), 404);
  });

  test('a paid order asks for the details by e-mail; bad answers are refused field by field and nothing is stored; good ones start the work, due the package’s days later', async () => {
    const { id, customer } = await paidOrder('Premium');
    const mail = await world.mailbox.waitFor(
      mailTo(customer.email, 'Tell us about your project: Premium package'),
      30_000,
    );
    expect(mail.text).toContain(`${world.api.publicUrl}/orders/${id}`);
    expect(await orderOf(customer.client, id)).toMatchObject({
      stage: 'awaiting_details',
      dueAt: null,
    });

    const asked = await customer.client.get(`/api/orders/${id}/intake`);
    assertStatus(asked, 200, 'read the questions');
    const intake = asked.body as Intake;
    expect(intake.form!.fields.map((f) => f.key)).toEqual(DEMO_KEYS);
    expect(intake.form!.savedBy).toBeNull();
    expect(intake.submission).toBeNull();

    const bad = await customer.client.post(`/api/orders/${id}/intake`, {
      answers: {
        siteUrl: 'ftp://example.com',
        targetKeywords: '   ',
        targetMarket: 'x'.repeat(201),
        searchConsoleAccess: 'yes',
        notes: 42,
        extra: 'not asked',
      },
    });
    const error = assertErrorBody(bad, 400, 'bad answers');
    expect(Object.keys(error.fields as Json).sort()).toEqual(
      [
        'answers.extra',
        'answers.notes',
        'answers.searchConsoleAccess',
        'answers.siteUrl',
        'answers.targetKeywords',
        'answers.targetMarket',
      ].sort(),
    );
    expect((error.fields as Json)['answers.targetKeywords']).toBe('Target keywords is Required');
    expect(await submissions(id)).toBe(0);
    expect(await orderOf(customer.client, id)).toMatchObject({ stage: 'awaiting_details' });

    // Another customer sees nothing of it, nor can answer it.
    const stranger = await world.customer();
    assertErrorBody(await stranger.client.get(`/api/orders/${id}/intake`), 404);
    assertErrorBody(
      await stranger.client.post(`/api/orders/${id}/intake`, { answers: DEMO_ANSWERS }),
      404,
    );
    expect(await submissions(id)).toBe(0);

    const good = await customer.client.post(`/api/orders/${id}/intake`, {
      answers: DEMO_ANSWERS,
      formVersionId: intake.form!.id,
    });
    assertStatus(good, 200, 'send the answers');
    const sent = (good.body as Intake).submission!;
    expect(sent.form.id).toBe(intake.form!.id);
    expect(sent.answers).toEqual({
      siteUrl: 'https://www.example.com',
      targetKeywords: 'seo agency\nlocal seo',
      competitors: 'https://competitor.example',
      targetMarket: 'United States, English',
      searchConsoleAccess: true,
    });
    expect(sent.submittedBy).toBe('customer');
    const order = await orderOf(customer.client, id);
    expect(order.stage).toBe('in_progress');
    expect(order.intakeSubmittedAt).toBe(sent.submittedAt);
    expect(new Date(String(order.dueAt)).getTime()).toBe(
      new Date(sent.submittedAt).getTime() + 30 * DAY,
    );
    const timeline = await world.db.query(
      `select text, actor from order_activity where order_id = $1 and kind = 'intake_submitted'`,
      [id],
    );
    expect(timeline.rows).toEqual([{ text: 'Sent the project details', actor: 'customer' }]);

    // Read back with the version answered.
    const read = (await customer.client.get(`/api/orders/${id}/intake`)).body as Intake;
    expect(read.submission!.answers).toEqual(sent.answers);
    expect(read.submission!.form.version).toBe(1);
    expect(read.history).toEqual([]);

    // Corrected later: the newest answers win, the due date stays the first submission's.
    const corrected = await customer.client.post(`/api/orders/${id}/intake`, {
      answers: { ...DEMO_ANSWERS, notes: 'We relaunch in March.' },
    });
    assertStatus(corrected, 200, 'correct the answers');
    expect((corrected.body as Intake).submission!.answers.notes).toBe('We relaunch in March.');
    expect((await orderOf(customer.client, id)).dueAt).toBe(order.dueAt);
    expect(await submissions(id)).toBe(2);

    // The admins see each submission, and heard of both (the live feed's IntakeSubmitted).
    const seen = (await admin.get(`/api/admin/orders/${id}/intake`)).body as Intake;
    expect(seen.history).toHaveLength(2);
    expect(await intakeEvents(id)).toEqual([true, false]);
    // …and by e-mail, with the order page's link.
    await world.mailbox.waitFor(
      (mail) =>
        mailTo(world.adminEmail, 'Project details sent: Premium')(mail) &&
        mail.text.includes(`/orders/${id}`),
      30_000,
    );
    expect(seen.submission!.answers.notes).toBe('We relaunch in March.');
  });

  test('an unpaid order cannot be answered yet (409), and its customer is told why', async () => {
    const { id, customer } = await world.order({ packageId: packages.Premium! });
    const refused = await customer.client.post(`/api/orders/${id}/intake`, {
      answers: DEMO_ANSWERS,
    });
    const body = assertErrorBody(refused, 409, 'answer an unpaid order');
    expect(String(body.message)).toMatch(/pa(id|yment)/i);
    expect(await submissions(id)).toBe(0);
  });

  test('file, number, select and multi-select answers: each checked; files only of this order', async () => {
    const form = await admin.put(`/api/admin/intake-forms/${packages.Basic}`, {
      fields: [
        { key: 'logo', type: 'file', label: 'Your logo', required: true },
        { key: 'pages', type: 'number', label: 'Pages', required: true },
        { key: 'goal', type: 'select', label: 'Goal', options: ['Traffic', 'Leads'] },
        { key: 'channels', type: 'multiSelect', label: 'Channels', options: ['Web', 'Maps'] },
        { key: 'contact', type: 'email', label: 'Contact' },
      ],
    });
    assertStatus(form, 200, 'save the Basic form');
    const { id, customer } = await paidOrder('Basic');
    const other = await paidOrder('Basic', customer);
    // Uploaded for the order by its customer (the order page's upload), then answered by id.
    const upload = async (orderId: string, text: string) => {
      const uploaded = await uploadOrderFile(customer.client, orderId, tinyPdf(text), 'brief.pdf');
      assertStatus(uploaded, 201, 'upload a file for the order');
      return String((uploaded.body as Json).id);
    };
    const mine = await upload(id, 'Our brief');
    const otherOrders = await upload(other.id, 'Another order');

    const bad = await customer.client.post(`/api/orders/${id}/intake`, {
      answers: {
        logo: [otherOrders],
        pages: 'many',
        goal: 'Fame',
        channels: ['Web', 'Radio'],
        contact: 'not-an-address',
      },
    });
    const error = assertErrorBody(bad, 400, 'bad typed answers');
    expect(Object.keys(error.fields as Json).sort()).toEqual([
      'answers.channels',
      'answers.contact',
      'answers.goal',
      'answers.logo',
      'answers.pages',
    ]);
    expect(await submissions(id)).toBe(0);

    const good = await customer.client.post(`/api/orders/${id}/intake`, {
      answers: {
        logo: [mine],
        pages: 12,
        goal: 'Leads',
        channels: ['Maps', 'Web'],
        contact: 'ops@example.com',
      },
    });
    assertStatus(good, 200, 'send typed answers');
    const sent = (good.body as Intake).submission!;
    expect(sent.answers).toEqual({
      logo: [mine],
      pages: 12,
      goal: 'Leads',
      channels: ['Web', 'Maps'],
      contact: 'ops@example.com',
    });
    expect(sent.files).toEqual([
      { id: mine, filename: 'brief.pdf', contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    // The answer's file downloads through the authorised route: its customer and the admins only.
    assertStatus(
      await customer.client.get(`/api/files/${mine}`),
      200,
      'download the answer’s file',
    );
    assertStatus(await admin.get(`/api/files/${mine}`), 200, 'the admin downloads it');
    assertErrorBody(await (await world.customer()).client.get(`/api/files/${mine}`), 404);
    const order = await orderOf(customer.client, id);
    expect(new Date(String(order.dueAt)).getTime()).toBe(
      new Date(sent.submittedAt).getTime() + 14 * DAY,
    );
  });

  test('an admin answers for the customer (an offline order): audited, on the timeline', async () => {
    const { id, customer } = await paidOrder('Premium');
    const answered = await admin.put(`/api/admin/orders/${id}/intake`, {
      answers: { ...DEMO_ANSWERS, siteUrl: 'not a url' },
    });
    expect(Object.keys(assertErrorBody(answered, 400).fields as Json)).toEqual(['answers.siteUrl']);

    const saved = await admin.put(`/api/admin/orders/${id}/intake`, { answers: DEMO_ANSWERS });
    assertStatus(saved, 200, 'answer for the customer');
    const intake = saved.body as Intake;
    expect(intake.submission).toMatchObject({
      submittedBy: 'admin',
      submittedByEmail: world.adminEmail,
    });
    expect(intake.history).toHaveLength(1);
    // The customer sees the answers, not which admin gave them.
    const read = (await customer.client.get(`/api/orders/${id}/intake`)).body as Intake;
    expect(read.submission).toMatchObject({ submittedBy: 'admin', submittedByEmail: null });
    expect((await orderOf(customer.client, id)).stage).toBe('in_progress');

    const audit = await world.db.query(
      `select summary from audit_entry where target_id = $1 and kind = 'order.changed'`,
      [id],
    );
    // Next to the payment the admin recorded.
    expect(audit.rows.map((row) => row.summary)).toContainEqual(
      `Intake answers saved for the customer: Premium for ${customer.email}`,
    );
    const timeline = await world.db.query(
      `select text, actor, actor_email from order_activity where order_id = $1 and kind = 'intake_submitted'`,
      [id],
    );
    expect(timeline.rows).toEqual([
      {
        text: 'Project details filled in for the customer',
        actor: 'admin',
        actor_email: world.adminEmail,
      },
    ]);
    // The admins are not told of their own answers.
    expect(await intakeEvents(id)).toEqual([]);
  });

  test('a package that asks nothing starts the work as soon as it is paid', async () => {
    const emptied = await admin.put(`/api/admin/intake-forms/${packages.Standard}`, {
      fields: [],
    });
    assertStatus(emptied, 200, 'empty the Standard form');
    const { id, customer } = await paidOrder('Standard');
    const order = await pollUntil(
      async () => {
        const body = await orderOf(customer.client, id);
        return body.stage === 'in_progress' ? body : undefined;
      },
      { timeoutMs: 30_000, what: 'the work to start' },
    );
    expect(new Date(String(order.dueAt)).getTime()).toBe(
      new Date(String(order.intakeSubmittedAt)).getTime() + 21 * DAY,
    );
    const timeline = await world.db.query(
      `select text, actor from order_activity where order_id = $1 and kind = 'intake_submitted'`,
      [id],
    );
    expect(timeline.rows).toEqual([
      { text: 'Work started (no questions to answer)', actor: 'system' },
    ]);
    const intake = (await customer.client.get(`/api/orders/${id}/intake`)).body as Intake;
    expect(intake.form).toBeNull();
    assertErrorBody(
      await customer.client.post(`/api/orders/${id}/intake`, { answers: {} }),
      409,
      'answer a form that asks nothing',
    );
  });
});
