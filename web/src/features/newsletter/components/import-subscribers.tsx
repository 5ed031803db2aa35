import {
  type SubscriberImport,
  type SubscriberImportMapping,
  subscriberImportReportPath,
} from '@contracts/subscriber-import';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  useStartSubscriberImport,
  useSubscriberImport,
  useUploadSubscriberImport,
} from '../api/subscriber-import';
import './subscribers.css';

const FIELDS = [
  { key: 'email', label: 'E-mail column', required: true },
  { key: 'name', label: 'Name column', required: false },
  { key: 'status', label: 'Status column', required: false },
] as const;

/**
 * `/all-subscriber/import`: step 1, a CSV is uploaded and previewed with the mapping the server
 * guessed from its headers (the admin can change it, and tick that the addresses consented); step 2,
 * the worker imports it while a progress bar follows it; then the counts and the report of every line
 * not imported, with its reason.
 */
export function ImportSubscribers() {
  const [importId, setImportId] = useState<string | null>(null);
  const upload = useUploadSubscriberImport();
  const current = useSubscriberImport(importId);
  const entry = current.data;

  return (
    <div className="subscriber-import">
      {!entry ? (
        <UploadStep
          uploading={upload.isPending}
          error={upload.error}
          onUpload={(file) =>
            upload.mutate(file, { onSuccess: (created) => setImportId(created.id) })
          }
        />
      ) : entry.status === 'uploaded' ? (
        <PreviewStep entry={entry} onCancel={() => setImportId(null)} />
      ) : (
        <ProgressStep entry={entry} onAnother={() => setImportId(null)} />
      )}
      {current.error ? <Alert tone="error">{errorMessage(current.error)}</Alert> : null}
    </div>
  );
}

function UploadStep({
  uploading,
  error,
  onUpload,
}: {
  uploading: boolean;
  error: Error | null;
  onUpload: (file: File) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) onUpload(file);
  };
  return (
    <form onSubmit={submit} className="subscriber-import__step">
      <p>
        A CSV whose first line names its columns: an e-mail address, and optionally a name and a
        status (confirmed, pending or unsubscribed). Up to 100,000 rows.
      </p>
      <label htmlFor={`${id}-file`}>CSV file</label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
      />
      <Button type="submit" disabled={!file} isLoading={uploading} loadingText="Uploading…">
        Upload and preview
      </Button>
      {error ? <Alert tone="error">{errorMessage(error)}</Alert> : null}
    </form>
  );
}

function PreviewStep({ entry, onCancel }: { entry: SubscriberImport; onCancel: () => void }) {
  const id = useId();
  const start = useStartSubscriberImport(entry.id);
  const [mapping, setMapping] = useState<SubscriberImportMapping>(entry.mapping);
  const [consent, setConsent] = useState(false);
  const fields = start.error instanceof ApiError ? (start.error.fields ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate({ mapping, consent });
  };
  return (
    <form onSubmit={submit} className="subscriber-import__step">
      <p>
        <strong>{entry.filename}</strong>: {entry.totalRows.toLocaleString('en')} rows. The first
        ones:
      </p>
      <div className="subscriber-import__preview">
        <table>
          <caption>Preview</caption>
          <thead>
            <tr>
              {entry.headers.map((header, index) => (
                <th key={index} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entry.preview.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {entry.headers.map((_, index) => (
                  <td key={index}>{row[index] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {FIELDS.map(({ key, label, required }) => (
        <div key={key} className="subscriber-import__field">
          <label htmlFor={`${id}-${key}`}>{label}</label>
          <select
            id={`${id}-${key}`}
            value={mapping[key] ?? ''}
            aria-invalid={fields[`mapping.${key}`] ? true : undefined}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setMapping((before) => ({ ...before, [key]: value === '' ? null : Number(value) }));
            }}
          >
            <option value="">{required ? 'Choose a column' : 'None'}</option>
            {entry.headers.map((header, index) => (
              <option key={index} value={index}>
                {header || `Column ${index + 1}`}
              </option>
            ))}
          </select>
          {fields[`mapping.${key}`] ? (
            <span className="subscriber-import__error">{fields[`mapping.${key}`]}</span>
          ) : null}
        </div>
      ))}
      <label className="subscriber-import__consent">
        <input
          type="checkbox"
          checked={consent}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        These people already consented to the newsletter: import them confirmed, without a
        confirmation e-mail (your consent is recorded with each address)
      </label>
      <p>
        {consent
          ? 'New addresses are imported confirmed.'
          : 'New addresses are imported pending and each is e-mailed a confirmation link.'}{' '}
        Unsubscribed, bounced and complained addresses are never subscribed again.
      </p>
      <div className="subscriber-import__actions">
        <Button type="submit" isLoading={start.isPending} loadingText="Starting…">
          Start the import
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Choose another file
        </Button>
      </div>
      {start.error ? <Alert tone="error">{errorMessage(start.error)}</Alert> : null}
    </form>
  );
}

function ProgressStep({ entry, onAnother }: { entry: SubscriberImport; onAnother: () => void }) {
  const resume = useStartSubscriberImport(entry.id);
  const { counts } = entry;
  const notImported = counts.existing + counts.duplicate + counts.invalid + counts.skipped;
  return (
    <div className="subscriber-import__step">
      <label>
        {entry.status === 'done'
          ? 'Imported'
          : entry.status === 'failed'
            ? 'Stopped'
            : 'Importing…'}{' '}
        {entry.processedRows.toLocaleString('en')} of {entry.totalRows.toLocaleString('en')} rows
        <progress value={entry.processedRows} max={entry.totalRows} />
      </label>
      <dl className="subscriber-import__counts">
        <dt>New subscribers</dt>
        <dd>{counts.created}</dd>
        <dt>Already subscribers</dt>
        <dd>{counts.existing}</dd>
        <dt>Duplicates in the file</dt>
        <dd>{counts.duplicate}</dd>
        <dt>Invalid lines</dt>
        <dd>{counts.invalid}</dd>
        <dt>Skipped (unsubscribed, bounced, complained)</dt>
        <dd>{counts.skipped}</dd>
      </dl>
      {entry.status === 'failed' ? (
        <Alert tone="error">
          The import stopped: {entry.error}{' '}
          <Button
            variant="secondary"
            isLoading={resume.isPending}
            onClick={() => resume.mutate({ mapping: entry.mapping, consent: entry.consent })}
          >
            Resume the import
          </Button>
        </Alert>
      ) : null}
      {entry.status === 'done' ? (
        <Alert tone="success">
          The import is done: {counts.created} new subscribers
          {entry.consent
            ? ' (confirmed, with your consent recorded)'
            : ', each e-mailed a confirmation link'}
          .
        </Alert>
      ) : null}
      {notImported > 0 ? (
        <a
          className="btn btn--secondary btn--md"
          href={subscriberImportReportPath(entry.id)}
          download
        >
          Download the report ({notImported} lines not imported)
        </a>
      ) : null}
      {entry.status === 'done' || entry.status === 'failed' ? (
        <Button variant="ghost" onClick={onAnother}>
          Import another file
        </Button>
      ) : null}
      {resume.error ? <Alert tone="error">{errorMessage(resume.error)}</Alert> : null}
    </div>
  );
}
