import { type CampaignInput } from '@contracts/campaigns';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCampaignPreview } from '../api/preview-campaign';
import { useDebouncedValue } from './use-debounced-value';
import './campaigns.css';

/** Long enough not to ask the server on every keystroke, short enough to feel live. */
const DEBOUNCE_MS = 400;

/** A 400 names what is wrong field by field; anything else has one message. */
function previewErrors(error: unknown): string[] {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
    return Object.values(error.fields);
  }
  return [errorMessage(error)];
}

/**
 * The e-mail as subscribers will get it, rendered by the server from the text being written (asked
 * for once the typing pauses). Shown in a sandboxed frame: no scripts, no access to the admin's page.
 */
export function CampaignPreviewPanel({
  subject,
  body,
  previewPath,
}: CampaignInput & {
  /** The server's preview route (a campaign's by default; the welcome e-mail has its own). */
  previewPath?: string;
}) {
  const headingId = useId();
  const input = {
    subject: useDebouncedValue(subject, DEBOUNCE_MS),
    body: useDebouncedValue(body, DEBOUNCE_MS),
  };
  const written = input.subject.trim() !== '' || input.body.trim() !== '';
  const preview = useCampaignPreview(input, written, previewPath);
  const updating = input.subject !== subject || input.body !== body || preview.isFetching;

  return (
    <section className="card campaign-preview" aria-labelledby={headingId}>
      <div className="campaign-preview__head">
        <h2 id={headingId}>Preview</h2>
        <p className="campaign-preview__state" role="status">
          {written && updating ? 'Updating the preview…' : ''}
        </p>
      </div>
      {!written && (
        <p className="campaign-preview__empty">Write a subject and a body to see the e-mail.</p>
      )}
      {written && preview.isError && (
        <Alert tone="error">
          {previewErrors(preview.error).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      )}
      {written && preview.data && !preview.isError && (
        <>
          <p className="campaign-preview__subject">
            <span className="campaign-preview__label">Subject:</span> {preview.data.subject}
          </p>
          <iframe
            className="campaign-preview__frame"
            title="E-mail preview"
            sandbox=""
            srcDoc={preview.data.html}
          />
        </>
      )}
    </section>
  );
}
