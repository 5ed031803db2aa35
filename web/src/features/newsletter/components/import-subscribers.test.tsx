import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { type SubscriberImport, SUBSCRIBER_IMPORT_TEXTS } from '@contracts/subscriber-import';
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { ImportSubscribers } from './import-subscribers';

const ID = 'bbbbbbbb-0000-4000-8000-000000000001';

const uploadedImport = (): SubscriberImport => ({
  id: ID,
  filename: 'people.csv',
  status: 'uploaded',
  createdAt: '2026-11-27T10:00:00.000Z',
  createdBy: 'admin@agency.test',
  headers: ['Mail', 'Full name', 'Notes'],
  preview: [
    ['ann@example.test', 'Ann', 'met at fair'],
    ['bob@example.test', 'Bob', ''],
  ],
  mapping: { email: 0, name: 1, status: null },
  consent: false,
  totalRows: 3,
  processedRows: 0,
  counts: { created: 0, existing: 0, duplicate: 0, invalid: 0, skipped: 0 },
  startedAt: null,
  finishedAt: null,
  error: null,
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fake API: the upload answers the preview (or `refuseUpload`), the start answers `queued` (or
 * `refuseStart`), and each GET answers the next of `progress` (the last one again once they run out).
 */
function serve(options: {
  progress?: Partial<SubscriberImport>[];
  refuseUpload?: { status: number; message: string };
  refuseStart?: { status: number; message: string; fields?: Record<string, string> };
}) {
  const calls: Call[] = [];
  const progress = [...(options.progress ?? [])];
  let state = uploadedImport();
  let started = false;
  globalThis.fetch = jest.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: url.pathname, body });
    const answer = (status: number, value: unknown) => ({
      ok: status < 400,
      status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(value),
    });
    const refusal = (refuse: { status: number; message: string }) =>
      answer(refuse.status, { statusCode: refuse.status, error: 'Refused', ...refuse });
    if (method === 'POST' && url.pathname === '/api/admin/subscribers/imports') {
      return options.refuseUpload ? refusal(options.refuseUpload) : answer(201, state);
    }
    if (method === 'POST') {
      if (options.refuseStart) return refusal(options.refuseStart);
      started = true;
      state = { ...state, status: 'queued', ...(body as { consent: boolean }) };
      return answer(202, state);
    }
    if (started) state = { ...state, ...(progress.length > 1 ? progress.shift() : progress[0]) };
    return answer(200, state);
  }) as unknown as typeof fetch;
  return calls;
}

const csvFile = () =>
  new File(['Mail,Full name\nann@example.test,Ann\n'], 'people.csv', { type: 'text/csv' });

describe('the subscriber import screen', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('previews the upload with the guessed mapping, starts it with the chosen one, follows its progress and offers the report', async () => {
    const calls = serve({
      progress: [
        { status: 'running', processedRows: 1 },
        {
          status: 'done',
          processedRows: 3,
          counts: { created: 1, existing: 0, duplicate: 1, invalid: 1, skipped: 0 },
        },
      ],
    });
    const { user } = renderWithProviders(<ImportSubscribers />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));

    expect(await screen.findByRole('table', { name: 'Preview' })).toHaveTextContent('met at fair');
    expect(screen.getByText(/3 rows/)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail column')).toHaveDisplayValue('Mail');
    expect(screen.getByLabelText('Name column')).toHaveDisplayValue('Full name');
    expect(screen.getByLabelText('Status column')).toHaveDisplayValue('None');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/admin/subscribers/imports' });
    expect(calls[0]!.body).toBeInstanceOf(FormData);

    await user.selectOptions(screen.getByLabelText('Name column'), 'None');
    await user.click(screen.getByRole('checkbox', { name: /already consented/ }));
    expect(screen.getByText(/imported confirmed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the import' }));

    expect(
      await screen.findByText(/The import is done: 1 new subscribers/, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/start'))?.body).toStrictEqual({
      mapping: { email: 0, name: null, status: null },
      consent: true,
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '3');
    expect(screen.getByRole('link', { name: /Download the report \(2 lines/ })).toHaveAttribute(
      'href',
      `/api/admin/subscribers/imports/${ID}/report.csv`,
    );
  });

  it("shows the server's reason for a refused upload, and a start's field error by its column", async () => {
    serve({ refuseUpload: { status: 415, message: SUBSCRIBER_IMPORT_TEXTS.notCsv } });
    const { user, unmount } = renderWithProviders(<ImportSubscribers />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBSCRIBER_IMPORT_TEXTS.notCsv);
    unmount();

    serve({
      refuseStart: {
        status: 400,
        message: `mapping.email: ${SUBSCRIBER_IMPORT_TEXTS.emailColumn}`,
        fields: { 'mapping.email': SUBSCRIBER_IMPORT_TEXTS.emailColumn },
      },
    });
    const second = renderWithProviders(<ImportSubscribers />);
    await second.user.upload(screen.getByLabelText('CSV file'), csvFile());
    await second.user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    await second.user.selectOptions(
      await screen.findByLabelText('E-mail column'),
      'Choose a column',
    );
    await second.user.click(screen.getByRole('button', { name: 'Start the import' }));
    await waitFor(() =>
      expect(screen.getByLabelText('E-mail column')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByLabelText('E-mail column').parentElement).toHaveTextContent(
      SUBSCRIBER_IMPORT_TEXTS.emailColumn,
    );
  });

  it('shows why an import failed and resumes it', async () => {
    const calls = serve({
      progress: [{ status: 'failed', processedRows: 1, error: 'Connection terminated' }],
    });
    const { user } = renderWithProviders(<ImportSubscribers />);
    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Upload and preview' }));
    await user.click(await screen.findByRole('button', { name: 'Start the import' }));
    // The failure comes with the first poll of the import's progress (a second after the start).
    expect(
      await screen.findByText(/The import stopped: Connection terminated/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume the import' }));
    expect(calls.filter((call) => call.path.endsWith('/start'))).toHaveLength(2);
  });
});
