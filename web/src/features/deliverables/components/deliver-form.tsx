import { DELIVERY_NOTE_MAX_LENGTH, DELIVERY_TEXTS } from '@contracts/deliverables';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { uploadDeliverable, useDeliver } from '../api/deliverables';

/** One chosen file: uploading (with its progress), uploaded (its stored id), or refused (why). */
interface Upload {
  key: number;
  name: string;
  progress: number;
  storedId?: string;
  error?: string;
  abort: AbortController;
}

/**
 * The admin's "Deliver" form: a plain-text note and files, each uploaded as a deliverable of the order
 * as soon as it is chosen (its progress shown, the server's refusal named on it); "Deliver" sends the
 * uploaded files' ids. Success is shown only once the server accepted the delivery.
 */
export function DeliverForm({ orderId }: { orderId: string }) {
  const headingId = useId();
  const noteId = useId();
  const filesId = useId();
  const deliver = useDeliver(orderId);
  const nextKey = useRef(0);
  const [note, setNote] = useState('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  const update = (key: number, changes: Partial<Upload>) =>
    setUploads((all) =>
      all.map((upload) => (upload.key === key ? { ...upload, ...changes } : upload)),
    );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    for (const file of files) {
      const upload: Upload = {
        key: nextKey.current++,
        name: file.name,
        progress: 0,
        abort: new AbortController(),
      };
      setUploads((all) => [...all, upload]);
      uploadDeliverable(
        orderId,
        file,
        (progress) => update(upload.key, { progress }),
        upload.abort.signal,
      ).then(
        (stored) => update(upload.key, { storedId: stored.id, progress: 1 }),
        (error: unknown) => {
          if (upload.abort.signal.aborted) return;
          update(upload.key, { error: errorMessage(error) });
        },
      );
    }
  };

  const remove = (upload: Upload) => {
    upload.abort.abort();
    setUploads((all) => all.filter((other) => other.key !== upload.key));
  };

  const uploaded = uploads.filter((upload) => upload.storedId !== undefined);
  const uploading = uploads.some((upload) => upload.storedId === undefined && !upload.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNoteError(null);
    if (uploading) {
      setFormError(DELIVERY_TEXTS.waitForUploads);
      return;
    }
    if (uploaded.length === 0) {
      setFormError(DELIVERY_TEXTS.noFiles);
      return;
    }
    deliver.mutate(
      { note: note.trim() || null, fileIds: uploaded.map((upload) => upload.storedId!) },
      {
        onSuccess: () => {
          toast.success(DELIVERY_TEXTS.deliveredToast);
          setNote('');
          setUploads([]);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          if (fields.note) setNoteError(fields.note);
          // A file the server refused (fileIds.N): named on that file.
          for (const [path, message] of Object.entries(fields)) {
            const index = /^fileIds\.(\d+)$/.exec(path)?.[1];
            const refused = index === undefined ? undefined : uploaded[Number(index)];
            if (refused) update(refused.key, { error: message, storedId: undefined });
          }
          setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <form
      className="deliverables__deliver"
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      aria-busy={deliver.isPending || undefined}
    >
      <h3 id={headingId}>{DELIVERY_TEXTS.deliverTitle}</h3>
      {formError && <Alert tone="error">{formError}</Alert>}
      <FormField id={noteId} label={DELIVERY_TEXTS.noteLabel} error={noteError ?? undefined}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={DELIVERY_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FormField>
      <FormField id={filesId} label={DELIVERY_TEXTS.filesLabel} hint={DELIVERY_TEXTS.filesHint}>
        {(control) => <input {...control} type="file" multiple onChange={choose} />}
      </FormField>
      {uploads.length > 0 && (
        <ul className="deliverables__uploads" aria-label="Chosen files">
          {uploads.map((upload) => (
            <li key={upload.key} className="deliverables__upload">
              <span className="deliverables__upload-name">{upload.name}</span>
              {upload.error ? (
                <span className="deliverables__upload-error" role="alert">
                  {upload.error}
                </span>
              ) : upload.storedId ? (
                <span className="deliverables__upload-done">{DELIVERY_TEXTS.uploaded}</span>
              ) : (
                <progress
                  value={upload.progress}
                  max={1}
                  aria-label={`${DELIVERY_TEXTS.uploading} ${upload.name}`}
                />
              )}
              <Button type="button" variant="ghost" onClick={() => remove(upload)}>
                {DELIVERY_TEXTS.remove} <span className="visually-hidden">{upload.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" isLoading={deliver.isPending} loadingText="Delivering…">
        {DELIVERY_TEXTS.deliver}
      </Button>
    </form>
  );
}
