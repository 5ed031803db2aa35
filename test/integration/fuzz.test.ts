/**
 * Every operation of the OpenAPI document (GET /api/docs-json), called with bad input as a signed-in
 * admin, so that validation is reached: malformed JSON, wrong types, missing and extra fields,
 * `__proto__`/`constructor` keys, 100 kB strings, NUL and unpaired surrogates, ids that are not UUIDs,
 * junk query strings, bodies of the wrong type. No answer may be a 5xx, bad text must be a 400 naming
 * its field, errors have the API's error body, and a refused write leaves every table as it was
 * (accepted ones may write). Inputs come from a seeded generator: every run sends the same requests.
 *
 * Then the cross-site walk: every unsafe operation with the admin's cookie and a valid input, from a
 * foreign Origin (spelled plainly, percent-encoded, in absolute form over a raw socket) or with
 * `Sec-Fetch-Site: cross-site`, is a 403 that changes nothing; the same requests from the site itself
 * still work.
 *
 *   npm run build && npm run test:integration -- test/integration/fuzz.test.ts
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  bodyFields,
  ExampleBodies,
  ExistingRecords,
  fillPath,
  type Subject,
  subjectOf,
} from '../support/api-examples.js';
import type { AppProcess, LogLine } from '../support/app-process.js';
import { sampleRecord, sectionOf } from '../support/content.js';
import { changedTables, type Fingerprint, tableFingerprinter } from '../support/db-fingerprint.js';
import {
  BAD_QUERIES,
  badPathValues,
  type FuzzCase,
  jsonBodyCases,
  multipartCases,
  pick,
  type Random,
  seededRandom,
  seededUuid,
  unexpectedBodyCases,
} from '../support/fuzz-cases.js';
import { HttpClient } from '../support/http-client.js';
import { assertStatus, loginOk } from '../support/identity.js';
import {
  type ApiOperation,
  operationLabel,
  operationsOf,
  SAFE_METHODS,
} from '../support/openapi.js';
import { type RawResponse, rawHttpRequest } from '../support/raw-http.js';
import { useWorld } from '../support/world.js';

/**
 * What a read may write: the 404 monitor counts every 404 on a public path (`GET /{key}.txt` with a
 * key that is not ours is one), which is its job.
 */
const READS_MAY_WRITE: ReadonlySet<string> = new Set(['seo_not_found']);

const world = useWorld();

const SEED = 20261123;
const EVIL_ORIGIN = 'http://evil.example';
const MEDIA_PATH = '/api/media';
/** An SVG upload; each size is another file (files are named by their content). */
const svgUpload = (size: number) => ({
  contentType: 'multipart/form-data; boundary=xsite',
  body:
    '--xsite\r\nContent-Disposition: form-data; name="file"; filename="x.svg"\r\n' +
    'Content-Type: image/svg+xml\r\n\r\n' +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"/>\r\n--xsite--\r\n`,
});

/** What is wrong with the answer to a bad request (its effect on the tables aside). */
function answerProblems(fuzzCase: FuzzCase, response: RawResponse): string[] {
  const { status } = response;
  const body = response.json as
    | { statusCode?: unknown; error?: unknown; message?: unknown; fields?: Record<string, string> }
    | undefined;
  const problems: string[] = [];
  if (status >= 500) problems.push(`${status} ${response.body.slice(0, 300)}`);
  if (
    status >= 400 &&
    body !== undefined &&
    (body.statusCode !== status ||
      typeof body.error !== 'string' ||
      typeof body.message !== 'string')
  ) {
    problems.push(`not the API's error body: ${response.body.slice(0, 300)}`);
  }
  if (fuzzCase.badText && status < 300) {
    problems.push(`accepted (${status}) text that cannot be stored`);
  } else if (fuzzCase.badText && status === 400 && !body?.fields?.[fuzzCase.property!]) {
    problems.push(`the 400 does not name ${fuzzCase.property}: ${response.body.slice(0, 300)}`);
  }
  return problems;
}

const isJsonBody = (op: ApiOperation) => op.body?.['application/json'] !== undefined;
const isMultipart = (op: ApiOperation) => op.body?.['multipart/form-data'] !== undefined;

describe('fuzz: bad input on every documented operation, as an admin', () => {
  const { adminEmail, adminPassword } = world;
  let app: AppProcess;
  let port: number;
  let uploadsDir: string;
  let operations: ApiOperation[];
  let fingerprint: () => Promise<Fingerprint>;
  let records: ExistingRecords;
  const examples = new ExampleBodies();
  /** The admin's Cookie header; renewed when a fuzzed call (a logout) ended the session. */
  let adminCookie = '';

  async function signInAdmin(): Promise<string> {
    const client = new HttpClient(app.baseUrl);
    await loginOk(client, adminEmail, adminPassword);
    return client.cookieHeader();
  }

  const send = (method: string, target: string, headers: Record<string, string>, body?: string) =>
    rawHttpRequest(port, { method, target, headers, body });

  const asAdmin = (method: string, target: string, request: Omit<FuzzCase, 'label'> = {}) =>
    send(
      method,
      target,
      {
        cookie: adminCookie,
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      request.body,
    );

  async function adminSessionAlive(): Promise<boolean> {
    const response = await send('GET', '/api/auth/session', { cookie: adminCookie });
    return (response.json as { account?: { isAdmin?: boolean } | null })?.account?.isAdmin === true;
  }

  async function uploadCount(): Promise<number> {
    return (await readdir(uploadsDir).catch(() => [])).length;
  }

  beforeAll(async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fuzz-data-'));
    uploadsDir = path.join(dataDir, 'uploads');
    // The api role: no worker writes in the background while tables are compared.
    ({ app } = await world.startApp({
      role: 'api',
      name: 'fuzz',
      env: { DATA_DIR: dataDir, UPLOADS_MAX_BYTES: '30000' },
    }));
    port = app.port;
    const docs = await new HttpClient(app.baseUrl).get('/api/docs-json');
    assertStatus(docs, 200, 'GET /api/docs-json');
    operations = operationsOf(docs.body);
    adminCookie = await signInAdmin();
    // Every refused request is followed by a fingerprint: the write log makes the common case (nothing
    // written) one count, and the tables are hashed again only when something was written.
    fingerprint = tableFingerprinter(world.db, { writeLog: true });
    records = new ExistingRecords(world.db, adminEmail, {
      entry: async (section) => {
        const created = await asAdmin('POST', `/api/content/${section.key}`, {
          contentType: 'application/json',
          body: JSON.stringify(sampleRecord(section, 'seed')),
        });
        expect({ section: section.key, status: created.status, body: created.body }).toMatchObject({
          status: 201,
        });
      },
      adminUser: async () => {
        const added = await asAdmin('POST', '/api/admin/users', {
          contentType: 'application/json',
          body: JSON.stringify({ userEmail: 'fuzz-other-admin@example.test' }),
        });
        expect({ status: added.status, body: added.body }).toMatchObject({ status: 201 });
      },
      order: async () => {
        const placed = await asAdmin('POST', '/api/orders', {
          contentType: 'application/json',
          body: JSON.stringify({ packageId: examples.packageId, customerName: 'Fuzz Tester' }),
        });
        expect({ status: placed.status, body: placed.body }).toMatchObject({ status: 201 });
      },
      paymentNotification: async () => {
        const posted = await send(
          'POST',
          '/api/payments/paypal/ipn',
          { 'content-type': 'application/x-www-form-urlencoded' },
          'txn_id=FUZZ1&payment_status=Completed&custom=fuzz',
        );
        expect({ status: posted.status, body: posted.body }).toMatchObject({ status: 200 });
      },
    });
    examples.packageId = await records.entryId(sectionOf('pricing'));
    const { rows } = await world.db.query<{ name: string }>(
      `select data->>'packageName' as name from content_entry where id = $1`,
      [examples.packageId],
    );
    examples.packageName = rows[0]?.name ?? '';
  }, 180_000);

  afterAll(() => app?.stop(5000));

  /** The sections a `{section}` operation is fuzzed with: two drawn from the document's list. */
  function sectionsFor(op: ApiOperation, random: Random): string[] {
    const keys = op.parameters.find((p) => p.name === 'section')?.enum;
    if (!keys) return [''];
    return [pick(random, keys), pick(random, keys)];
  }

  /**
   * Every bad request for one operation on `subject`. Each makes one thing wrong and carries the rest
   * valid (the example body included), so that what is wrong is what reaches the handler.
   */
  function casesFor(op: ApiOperation, subject: Subject, random: Random): FuzzCase[] {
    const schema = op.body?.['application/json'];
    const example = isJsonBody(op) ? examples.body(subject, schema) : undefined;
    const validBody = example
      ? { contentType: 'application/json', body: JSON.stringify(example) }
      : {};
    const cases: FuzzCase[] = [];
    const pathNames = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    for (const name of pathNames) {
      for (const value of badPathValues(random)) {
        const label = `{${name}} = ${value.slice(0, 40)}`;
        cases.push({ label, pathParams: { [name]: value }, ...validBody });
      }
    }
    const queries = [...BAD_QUERIES];
    for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
      for (const value of ['%00', '%ED%A0%80', '%2F%2Fevil.example', `/${'x'.repeat(5000)}`]) {
        queries.push(`${parameter.name}=${value}`);
      }
    }
    // On an unsafe operation, the junk query goes to a record that does not exist: a valid call acts.
    const missing = SAFE_METHODS.has(op.method)
      ? {}
      : Object.fromEntries(pathNames.map((name) => [name, seededUuid(random)]));
    for (const query of queries) {
      cases.push({ label: `?${query.slice(0, 40)}`, query, pathParams: missing, ...validBody });
    }
    if (SAFE_METHODS.has(op.method)) return cases;
    if (isMultipart(op)) return [...cases, ...multipartCases()];
    if (!example) return [...cases, ...unexpectedBodyCases()];
    const { properties, required } = bodyFields(subject, schema, example);
    return [...cases, ...jsonBodyCases(example, properties, required, random)];
  }

  test('no bad input gets a 5xx, bad text is a 400 naming its field, refused writes write nothing', async () => {
    const random = seededRandom(SEED);
    const problems: string[] = [];
    let requests = 0;
    let accepted = 0;
    let namedBadText = 0;
    const fuzzed = new Set<string>();
    const logsBefore = app.logs().length;

    for (const op of operations) {
      for (const sectionKey of sectionsFor(op, random)) {
        const subject = subjectOf(op, sectionKey);
        const valid = await records.pathParams(op, subject);
        const safe = SAFE_METHODS.has(op.method);
        let baseline = await fingerprint();
        let uploads = await uploadCount();
        for (const fuzzCase of casesFor(op, subject, random)) {
          const target =
            fillPath(op.path, { ...valid, ...fuzzCase.pathParams }) +
            (fuzzCase.query ? `?${fuzzCase.query}` : '');
          const what = `${operationLabel(op)} [${sectionKey || '-'}] ${fuzzCase.label}`;
          let response: RawResponse;
          try {
            response = await asAdmin(op.method, target, fuzzCase);
          } catch (error) {
            problems.push(`${what}: no answer (${String(error)})`);
            continue;
          }
          requests++;
          fuzzed.add(operationLabel(op));
          const { status } = response;
          const wrong = answerProblems(fuzzCase, response);
          problems.push(...wrong.map((problem) => `${what}: ${problem}`));
          if (fuzzCase.badText && status === 400 && wrong.length === 0) namedBadText++;
          if (safe) continue;
          if (status < 400) {
            accepted++;
            // Accepted: it may write (and end the session: a logout). Compare from here on.
            if (!(await adminSessionAlive())) adminCookie = await signInAdmin();
            baseline = await fingerprint();
            uploads = await uploadCount();
            continue;
          }
          const after = await fingerprint();
          const uploadsAfter = await uploadCount();
          const changed = changedTables(baseline, after);
          if (changed.length > 0)
            problems.push(`${what}: ${status} but wrote ${changed.join(', ')}`);
          if (uploadsAfter !== uploads) problems.push(`${what}: ${status} but stored a file`);
          baseline = after;
          uploads = uploadsAfter;
        }
        if (safe) {
          const changed = changedTables(baseline, await fingerprint()).filter(
            (table) => !READS_MAY_WRITE.has(table),
          );
          if (changed.length > 0)
            problems.push(`${operationLabel(op)}: reads wrote ${changed.join(', ')}`);
        }
      }
      // The app is still running after each operation.
      expect({ after: operationLabel(op), running: app.running }).toStrictEqual({
        after: operationLabel(op),
        running: true,
      });
    }

    console.info(
      `${requests} requests, ${accepted} writes accepted, bad text named ${namedBadText} times`,
    );
    const errorLines = app
      .logs()
      .slice(logsBefore)
      .filter((line: LogLine) => typeof line.level === 'number' && line.level >= 50)
      .map((line) => JSON.stringify(line).slice(0, 400));
    // Every problem found, out of `requests` requests.
    expect(problems).toStrictEqual([]);
    // No error-level log lines.
    expect(errorLines).toStrictEqual([]);
    // The walk is not vacuous: every operation was fuzzed, the document lists the API, and bad
    // text met the validation.
    expect(fuzzed.size).toBe(new Set(operations.map(operationLabel)).size);
    expect(operations.length).toBeGreaterThanOrEqual(100);
    expect(namedBadText).toBeGreaterThanOrEqual(300);
  }, 600_000);

  /** The target spelled other ways that route to the same place. */
  function crossSiteVariants(target: string): [string, string, Record<string, string>][] {
    const encoded = target.replace(
      /\/([\w-])/g,
      (_, first: string) => `/%${first.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    const foreign = { origin: EVIL_ORIGIN };
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    return [
      ['a foreign Origin', target, foreign],
      ['a foreign Origin, /%61pi/…', target.replace(/^\/api\//, '/%61pi/'), foreign],
      ['a foreign Origin, every segment encoded', encoded, foreign],
      ['a foreign Origin, absolute form', `http://127.0.0.1:${port}${target}`, foreign],
      ['a foreign Origin, absolute form encoded', `http://127.0.0.1:${port}${encoded}`, foreign],
      ['a foreign Origin, absolute form naming that site', `${EVIL_ORIGIN}${target}`, foreign],
      ['Origin: null', target, { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site, no Origin', target, crossSite],
      ['Sec-Fetch-Site: cross-site, no Origin, encoded', encoded, crossSite],
    ];
  }

  /** A valid request for the operation on records that exist: what a forged one would carry. */
  async function validRequest(
    op: ApiOperation,
  ): Promise<{ target: string; contentType?: string; body?: string }> {
    const keys = op.parameters.find((p) => p.name === 'section')?.enum ?? [];
    const subject = subjectOf(op, keys.includes('faqItems') ? 'faqItems' : (keys[0] ?? ''));
    const target = fillPath(op.path, await records.pathParams(op, subject));
    const schema = op.body?.['application/json'];
    const body = isMultipart(op)
      ? svgUpload(2)
      : isJsonBody(op)
        ? { contentType: 'application/json', body: JSON.stringify(examples.body(subject, schema)) }
        : {};
    return { target, ...body };
  }

  test('every unsafe operation from another site is a 403 that changes nothing, however spelled', async () => {
    if (!(await adminSessionAlive())) adminCookie = await signInAdmin();
    const unsafe = operations.filter((op) => !SAFE_METHODS.has(op.method) && !op.crossSiteAllowed);
    // The document lists the unsafe operations.
    expect(unsafe.length).toBeGreaterThanOrEqual(50);
    const problems: string[] = [];
    for (const op of unsafe) {
      const { target, contentType, body } = await validRequest(op);
      const before = await fingerprint();
      const files = await uploadCount();
      for (const [how, spelled, headers] of crossSiteVariants(target)) {
        const response = await send(
          op.method,
          spelled,
          {
            cookie: adminCookie,
            ...headers,
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          body,
        );
        const message = (response.json as { message?: unknown } | undefined)?.message;
        if (response.status !== 403 || message !== 'Cross-origin request refused') {
          problems.push(
            `${operationLabel(op)} with ${how} (${op.method} ${spelled.slice(0, 120)}): ${response.status} ${response.body.slice(0, 200)}`,
          );
        }
      }
      const changed = changedTables(before, await fingerprint());
      if (changed.length > 0)
        problems.push(`${operationLabel(op)}: refused, but wrote ${changed.join(', ')}`);
      if ((await uploadCount()) !== files)
        problems.push(`${operationLabel(op)}: refused, but stored a file`);
    }
    // Routes that declare x-cross-site: allowed take the same forged request.
    for (const op of operations.filter(
      (op) => !SAFE_METHODS.has(op.method) && op.crossSiteAllowed,
    )) {
      const { target, contentType, body } = await validRequest(op);
      const headers = {
        origin: EVIL_ORIGIN,
        ...(contentType ? { 'content-type': contentType } : {}),
      };
      const response = await send(op.method, target, headers, body);
      const message = (response.json as { message?: unknown } | undefined)?.message;
      if (message === 'Cross-origin request refused') {
        problems.push(`${operationLabel(op)} allows cross-site requests, yet refused one`);
      }
    }
    // Requests no route matches are refused as well, not answered 404 by a route that might be added.
    for (const target of [
      '/api/nowhere',
      '/%61pi/nowhere',
      `http://127.0.0.1:${port}/api/nowhere`,
    ]) {
      const response = await send('POST', target, { cookie: adminCookie, origin: EVIL_ORIGIN });
      if (response.status !== 403) problems.push(`POST ${target}: ${response.status}`);
    }
    // Forged requests that got through.
    expect(problems).toStrictEqual([]);
    // The forged logouts did not end the admin’s session.
    expect(await adminSessionAlive()).toBe(true);
  }, 300_000);

  test('the site itself still writes, in every spelling; reads from anywhere still work', async () => {
    if (!(await adminSessionAlive())) adminCookie = await signInAdmin();
    const own = {
      cookie: adminCookie,
      origin: `http://127.0.0.1:${port}`,
      'sec-fetch-site': 'same-origin',
    };
    const section = 'faqItems';
    const id = await records.entryId(sectionOf(section));
    const target = `/api/content/${section}/${id}`;
    for (const spelled of [
      target,
      target.replace('/api/', '/%61pi/'),
      `http://127.0.0.1:${port}${target}`,
    ]) {
      const before = await fingerprint();
      const body = JSON.stringify({
        accodingTitle: `Asked from ${spelled.slice(0, 20)}?`,
        accodingText: 'Answered.',
      });
      const response = await send(
        'PUT',
        spelled,
        { ...own, 'content-type': 'application/json' },
        body,
      );
      expect({ spelled, status: response.status, body: response.body }).toMatchObject({
        status: 200,
      });
      // The PUT wrote.
      expect(changedTables(before, await fingerprint())).toContain('content_entry');
    }
    const files = await uploadCount();
    const upload = svgUpload(3);
    const stored = await send(
      'POST',
      MEDIA_PATH,
      { ...own, 'content-type': upload.contentType },
      upload.body,
    );
    // A same-origin upload stores its file.
    expect({ status: stored.status, body: stored.body }).toMatchObject({ status: 201 });
    expect(await uploadCount()).toBe(files + 1);

    const read = await send('GET', '/api/admin/users', {
      cookie: adminCookie,
      origin: EVIL_ORIGIN,
    });
    // A read with a foreign Origin.
    expect({ status: read.status, body: read.body }).toMatchObject({ status: 200 });
    const unmatched = await send('POST', '/api/nowhere', own);
    // An unmatched same-origin POST.
    expect({ status: unmatched.status, body: unmatched.body }).toMatchObject({ status: 404 });

    const logout = await send('POST', '/api/auth/logout', own);
    // A same-origin logout ends the session.
    expect({ status: logout.status, body: logout.body }).toMatchObject({ status: 204 });
    expect(await adminSessionAlive()).toBe(false);
  });
});
