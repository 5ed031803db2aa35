import { type SectionDef } from '@contracts/content';
import { useEffect, useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { errorMessage } from '../../../lib/api-client';
import { useSectionEntries } from '../api/get-section-entries';
import { fetchPreview } from '../api/preview';
import { type EntryValues } from './entry-values';

/** How long typing pauses before the preview is rendered again. */
export const PREVIEW_DEBOUNCE_MS = 400;

export interface PreviewPaneProps {
  section: SectionDef;
  /** The entry the form edits: its unsaved values replace it in the preview. */
  entryId: string;
  /** The public page first shown. */
  initialPath?: string;
}

/**
 * The live preview beside an entry's form (inside its FormProvider): the public page as the server
 * renders it with the drafts and the form's unsaved values, re-rendered a moment after typing stops.
 * Nothing is saved; the page is shown in a sandboxed frame (no scripts, no navigation).
 */
export function PreviewPane({ section, entryId, initialPath = '/' }: PreviewPaneProps) {
  const pathId = useId();
  const values = useWatch() as EntryValues;
  const entries = useSectionEntries(section.key).data;
  const [path, setPath] = useState(initialPath);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valuesKey = JSON.stringify(values);

  useEffect(() => {
    if (!entries || !path.startsWith('/')) return;
    const controller = new AbortController();
    const unsaved = { ...(JSON.parse(valuesKey) as EntryValues), _id: entryId };
    const others = entries.filter((entry) => entry._id !== entryId);
    const timer = setTimeout(() => {
      const listed = entries.some((entry) => entry._id === entryId);
      const override = listed
        ? entries.map((entry) => (entry._id === entryId ? unsaved : entry))
        : [...others, unsaved];
      fetchPreview({ path, section: section.key, entries: override }, controller.signal)
        .then((page) => {
          setHtml(page);
          setError(null);
        })
        .catch((cause: unknown) => {
          if (!controller.signal.aborted) setError(errorMessage(cause));
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [entries, entryId, path, section.key, valuesKey]);

  return (
    <aside className="content-preview" aria-label="Preview">
      <div className="content-preview__bar">
        <h3 className="content-block__subtitle">Preview</h3>
        <label htmlFor={pathId}>Page</label>
        <input
          id={pathId}
          className="input content-preview__path"
          value={path}
          onChange={(event) => setPath(event.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="content-preview__error">
          {error}
        </p>
      )}
      {html === null ? (
        <p className="content-preview__loading">Rendering the preview…</p>
      ) : (
        <iframe
          className="content-preview__frame"
          title={`Preview of ${path}`}
          sandbox=""
          srcDoc={html}
        />
      )}
    </aside>
  );
}
