import {
  MAX_ORDER_MESSAGE_ATTACHMENTS,
  MAX_ORDER_MESSAGE_LENGTH,
  type OrderMessage,
  ORDER_THREAD_TEXTS,
} from '@contracts/order-thread';
import type { Order } from '@contracts/orders';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField, Textarea } from '../../../components/ui/form-field';
import { QueryErrorAlert } from '../../../components/ui/query-error-alert';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import {
  type ThreadViewer,
  uploadThreadFile,
  useMarkThreadRead,
  useOrderThread,
  usePostOrderMessage,
} from '../api/order-thread';
import './order-thread.css';

export interface OrderThreadProps {
  order: Order;
  viewer: ThreadViewer;
}

const TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Who wrote it, as the viewer reads it: customers never see an admin's address. */
function authorOf(message: OrderMessage, order: Order, viewer: ThreadViewer): string {
  if (message.author === 'customer') return viewer === 'customer' ? 'You' : order.customerName;
  if (viewer === 'customer') return ORDER_THREAD_TEXTS.agency;
  return message.authorEmail ?? ORDER_THREAD_TEXTS.agency;
}

/** One message: its author and time, its text as plain text (line breaks kept), its files. */
function ThreadMessage({
  message,
  order,
  viewer,
}: {
  message: OrderMessage;
  order: Order;
  viewer: ThreadViewer;
}) {
  const classes = [
    'order-thread__message',
    `order-thread__message--${message.author}`,
    message.internal && 'order-thread__message--internal',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li
      className={classes}
      aria-label={message.internal ? ORDER_THREAD_TEXTS.internalNote : undefined}
    >
      <p className="order-thread__meta">
        <span className="order-thread__author">{authorOf(message, order, viewer)}</span>{' '}
        <time dateTime={message.createdAt}>{TIME.format(new Date(message.createdAt))}</time>
        {message.internal && (
          <>
            {' '}
            <Badge tone="warning">{ORDER_THREAD_TEXTS.internalNote}</Badge>
          </>
        )}
      </p>
      {message.body && <p className="order-thread__body">{message.body}</p>}
      {message.attachments.length > 0 && (
        <ul className="order-thread__files" aria-label="Files">
          {message.attachments.map((file) => (
            <li key={file.id}>
              <a href={`/api/files/${encodeURIComponent(file.id)}`} download={file.filename}>
                {file.filename}
              </a>{' '}
              <span className="order-thread__size">({fileSize(file.size)})</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A file chosen for the next message: uploaded at once, with its progress or why it failed. */
interface ChosenFile {
  key: string;
  name: string;
  progress: number;
  state: 'uploading' | 'uploaded' | 'failed';
  error?: string;
  fileId?: string;
  abort: AbortController;
}

let nextKey = 0;

/** The compose form: text, files uploaded for the order, and (admins) the internal-note switch. */
function Compose({ order, viewer }: OrderThreadProps) {
  const idPrefix = useId();
  const post = usePostOrderMessage(viewer, order._id);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [errors, setErrors] = useState<{ body?: string; attachments?: string; form?: string }>({});
  const fileInput = useRef<HTMLInputElement>(null);

  // Uploads still under way when the form goes away are cancelled.
  const uploads = useRef(files);
  useEffect(() => {
    uploads.current = files;
  }, [files]);
  useEffect(() => () => uploads.current.forEach((file) => file.abort.abort()), []);

  const update = (key: string, change: Partial<ChosenFile>) =>
    setFiles((current) =>
      current.map((file) => (file.key === key ? { ...file, ...change } : file)),
    );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = MAX_ORDER_MESSAGE_ATTACHMENTS - files.length;
    if (chosen.length > room) {
      setErrors((current) => ({ ...current, attachments: ORDER_THREAD_TEXTS.tooManyFiles }));
    } else {
      setErrors((current) => ({ ...current, attachments: undefined }));
    }
    for (const file of chosen.slice(0, Math.max(room, 0))) {
      const entry: ChosenFile = {
        key: `file-${++nextKey}`,
        name: file.name,
        progress: 0,
        state: 'uploading',
        abort: new AbortController(),
      };
      setFiles((current) => [...current, entry]);
      uploadThreadFile(
        order._id,
        file,
        viewer === 'admin' && internal,
        (progress) => update(entry.key, { progress }),
        entry.abort.signal,
      ).then(
        (stored) => update(entry.key, { state: 'uploaded', progress: 1, fileId: stored.id }),
        (error: unknown) => {
          if (entry.abort.signal.aborted) return;
          update(entry.key, { state: 'failed', error: errorMessage(error) });
        },
      );
    }
  };

  const remove = (key: string) => {
    setFiles((current) => {
      current.find((file) => file.key === key)?.abort.abort();
      return current.filter((file) => file.key !== key);
    });
  };

  const uploading = files.some((file) => file.state === 'uploading');
  const attachments = files.flatMap((file) => (file.state === 'uploaded' ? [file.fileId!] : []));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = body.trim();
    if (text === '' && attachments.length === 0) {
      setErrors({ body: ORDER_THREAD_TEXTS.bodyRequired });
      return;
    }
    if (text.length > MAX_ORDER_MESSAGE_LENGTH) {
      setErrors({ body: ORDER_THREAD_TEXTS.bodyTooLong });
      return;
    }
    setErrors({});
    post.mutate(
      { body: text, attachments, internal: viewer === 'admin' && internal },
      {
        onSuccess: (message) => {
          // What was typed while the message was on its way stays (only the text sent is cleared).
          setBody((current) => (current.trim() === text ? '' : current));
          setFiles([]);
          setInternal(false);
          toast.success(message.internal ? ORDER_THREAD_TEXTS.noteSaved : ORDER_THREAD_TEXTS.sent);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {};
          const attachmentError = Object.entries(fields).find(([path]) =>
            path.startsWith('attachments'),
          )?.[1];
          setErrors({
            body: fields.body,
            attachments: attachmentError,
            form: fields.body || attachmentError ? undefined : errorMessage(error),
          });
        },
      },
    );
  };

  const noteMode = viewer === 'admin' && internal;
  return (
    <form
      className={['order-thread__compose', noteMode && 'order-thread__compose--internal']
        .filter(Boolean)
        .join(' ')}
      onSubmit={submit}
      aria-busy={post.isPending || undefined}
      noValidate
    >
      <FormField
        id={`${idPrefix}-body`}
        label={noteMode ? 'Internal note (admins only)' : 'Message'}
        error={errors.body}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={MAX_ORDER_MESSAGE_LENGTH}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-files`}
        label="Attach files"
        hint={`Up to ${MAX_ORDER_MESSAGE_ATTACHMENTS} files.`}
        error={errors.attachments}
      >
        {(control) => (
          <input
            {...control}
            ref={fileInput}
            type="file"
            multiple
            disabled={files.length >= MAX_ORDER_MESSAGE_ATTACHMENTS}
            onChange={choose}
          />
        )}
      </FormField>
      {files.length > 0 && (
        <ul className="order-thread__uploads" aria-label="Files to send">
          {files.map((file) => (
            <li key={file.key}>
              <span>{file.name}</span>{' '}
              {file.state === 'uploading' && (
                <progress max={1} value={file.progress} aria-label={`Uploading ${file.name}`} />
              )}
              {file.state === 'uploaded' && <span className="order-thread__size">Uploaded</span>}
              {file.state === 'failed' && (
                <span role="alert" className="order-thread__upload-error">
                  {file.error}
                </span>
              )}{' '}
              <Button variant="ghost" onClick={() => remove(file.key)}>
                Remove <span className="visually-hidden">{file.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {viewer === 'admin' && (
        <label className="order-thread__internal">
          <input
            type="checkbox"
            checked={internal}
            // The files are uploaded as a message's or a note's: switching would mix them.
            disabled={files.length > 0}
            onChange={(event) => setInternal(event.target.checked)}
          />{' '}
          Internal note (only admins see it and its files; nobody is e-mailed)
        </label>
      )}
      {errors.form && <Alert tone="error">{errors.form}</Alert>}
      <Button type="submit" isLoading={post.isPending} loadingText="Sending…" disabled={uploading}>
        {noteMode ? 'Save note' : 'Send'}
      </Button>
    </form>
  );
}

/**
 * The thread of an order, for its customer (`viewer="customer"`) or the admins: the messages oldest
 * first (internal notes, which only admins get from the server, look apart), then the compose form.
 * Shown, it marks the thread read.
 */
export function OrderThread({ order, viewer }: OrderThreadProps) {
  const headingId = useId();
  const thread = useOrderThread(viewer, order._id);
  const markRead = useMarkThreadRead(viewer, order._id);
  const unread = thread.data?.unread ?? 0;
  const latestId = thread.data?.messages.at(-1)?.id;
  const { mutate: markThreadRead } = markRead;
  /** The latest message when the thread was last marked read: each new one marks it once more. */
  const markedAt = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (unread > 0 && latestId !== markedAt.current) {
      markedAt.current = latestId;
      markThreadRead();
    }
  }, [unread, latestId, markThreadRead]);

  return (
    <section className="card order-thread" aria-labelledby={headingId}>
      <h2 id={headingId}>Messages</h2>
      {thread.isPending ? (
        <SkeletonBlock label="Loading the messages" />
      ) : thread.isError ? (
        <QueryErrorAlert query={thread} title="The messages" />
      ) : thread.data.messages.length === 0 ? (
        <p className="order-thread__empty">
          {viewer === 'customer' ? ORDER_THREAD_TEXTS.empty : ORDER_THREAD_TEXTS.adminEmpty}
        </p>
      ) : (
        <ol className="order-thread__messages">
          {thread.data.messages.map((message) => (
            <ThreadMessage key={message.id} message={message} order={order} viewer={viewer} />
          ))}
        </ol>
      )}
      <Compose order={order} viewer={viewer} />
    </section>
  );
}
