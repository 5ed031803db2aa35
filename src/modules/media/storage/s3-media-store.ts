import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AppConfig } from '../../../platform/config/app-config.js';
import {
  assertMediaKey,
  isValidMediaKey,
  type MediaArea,
  type MediaStore,
  MediaStoreUnavailable,
  type StoredObject,
} from './media-store.js';
import { attachmentDisposition } from '../../../platform/http/content-disposition.js';

/** What the S3 store reads of the configuration. */
export type S3StoreConfig = Pick<
  AppConfig,
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** Bodies from this size on are sent as a multipart upload (parts of this size, a few at once). */
const MULTIPART_FROM_BYTES = 8 * 1024 * 1024;
/** A store that does not connect, or answer, within these is treated as down (503), not waited on. */
const CONNECTION_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 30_000;
/** The SDK's own retries of throttled, 5xx and network failures (with backoff) before giving up. */
const MAX_ATTEMPTS = 2;

/**
 * Served as such by the bucket or a CDN in front of it: a public name never changes content (it is
 * its hash); private objects are never cached by anyone between.
 */
const CACHE_CONTROL: Record<MediaArea, string> = {
  public: 'public, max-age=31536000, immutable',
  private: 'private, no-store',
};

/** An SDK client for the configured S3-compatible service. */
export function s3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
    },
  });
}

/** The HTTP status of an S3 answer, or undefined when none came (network, timeout). */
function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** No such object (a missing bucket is an outage, not a missing object). */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: unknown }).name;
  if (name === 'NoSuchBucket') return false;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/**
 * Whether a failed call is an outage of the store rather than a mistake of ours: no answer at all
 * (refused, reset, timed out), a 5xx, throttling, a missing bucket, or credentials refused (the
 * service is there but this process cannot use it until its operator fixes them). Anything else is
 * a bug: a 500.
 */
function isOutage(error: unknown): boolean {
  const status = statusOf(error);
  // No answer: refused, reset, DNS, timed out (an S3ServiceException always carries its status).
  if (status === undefined) return !(error instanceof S3ServiceException);
  // The bucket itself went away (deleted, renamed): nothing works until the operator restores it.
  if ((error as { name?: unknown }).name === 'NoSuchBucket') return true;
  return status >= 500 || status === 429 || status === 401 || status === 403;
}

/**
 * Objects in one bucket of an S3-compatible service (AWS S3, Cloudflare R2, MinIO, Ceph RGW), under
 * `public/<key>` and `private/<key>`. A PUT is atomic on S3 (a reader sees the old object, the new
 * one or none); large bodies go as a multipart upload, which is aborted on failure, so a failed put
 * never leaves a half-written object. Outages are thrown as MediaStoreUnavailable.
 */
export class S3MediaStore implements MediaStore {
  readonly bucket: string;

  constructor(
    readonly client: S3Client,
    bucket: string,
  ) {
    this.bucket = bucket;
  }

  static fromConfig(config: S3StoreConfig): S3MediaStore {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required with STORAGE_DRIVER=s3');
    return new S3MediaStore(s3Client(config), config.S3_BUCKET);
  }

  /** The object key of a key of an area. */
  objectKey(area: MediaArea, key: string): string {
    assertMediaKey(area, key);
    return `${area}/${key}`;
  }

  async put(area: MediaArea, key: string, body: Uint8Array, contentType: string): Promise<void> {
    const Key = this.objectKey(area, key);
    await this.call(async () => {
      if (body.byteLength < MULTIPART_FROM_BYTES) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key,
            Body: body,
            ContentType: contentType,
            ContentLength: body.byteLength,
            CacheControl: CACHE_CONTROL[area],
          }),
        );
        return;
      }
      const upload = new Upload({
        client: this.client,
        params: {
          Bucket: this.bucket,
          Key,
          Body: body,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL[area],
        },
        partSize: MULTIPART_FROM_BYTES,
        queueSize: 4,
        // On failure the multipart upload is aborted: no parts are left behind.
        leavePartsOnError: false,
      });
      await upload.done();
    });
  }

  async get(area: MediaArea, key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(area, key);
    return this.call(async () => {
      try {
        const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key }));
        const body = answer.Body;
        if (!(body instanceof Readable))
          throw new Error(`S3 answered ${Key} without a body stream`);
        return {
          body,
          contentType: answer.ContentType ?? 'application/octet-stream',
          size: answer.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  async exists(area: MediaArea, key: string): Promise<boolean> {
    return (await this.head(area, key)) !== null;
  }

  /** The size of an object, or null when there is none. */
  async head(area: MediaArea, key: string): Promise<{ size: number } | null> {
    const Key = this.objectKey(area, key);
    return this.call(async () => {
      try {
        const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
        return { size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    });
  }

  async remove(area: MediaArea, key: string): Promise<void> {
    const Key = this.objectKey(area, key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key })));
  }

  /** The keys under `<area>/`, a page (up to 1000) per call; objects that are no key (a probe) left out. */
  async *list(area: MediaArea): AsyncIterable<string> {
    const prefix = `${area}/`;
    let ContinuationToken: string | undefined;
    do {
      const page = await this.call(() =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken }),
        ),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(prefix.length);
        if (key && isValidMediaKey(area, key)) yield key;
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** A presigned GET that makes the browser save the file under `filename`. Signing is local: no call. */
  async presignedUrl(
    area: MediaArea,
    key: string,
    options: { expiresInSeconds: number; filename: string; contentType: string },
  ): Promise<string | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(area, key),
      ResponseContentDisposition: attachmentDisposition(options.filename),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  /**
   * The bucket exists, this process may list it (without s3:ListBucket, S3 answers 403 instead of 404
   * for a missing object, and every upload would fail), and an object can be written and deleted in
   * it: a probe under private/ with a dot-name no key can have. The error names the variable to look
   * at: S3_BUCKET, the credentials, or S3_ENDPOINT.
   */
  close(): void {
    this.client.destroy();
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(describeCheckFailure(error, this.bucket, 'cannot be reached'), {
        cause: error,
      });
    }
    const Key = `private/.start-up-check/${randomUUID()}`;
    try {
      await this.client.send(
        new PutObjectCommand({ Bucket: this.bucket, Key, Body: 'ok', ContentType: 'text/plain' }),
      );
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
    } catch (error) {
      throw new Error(describeCheckFailure(error, this.bucket, 'is not writable'), {
        cause: error,
      });
    }
  }

  /** Runs one call of the store, turning an outage into MediaStoreUnavailable. */
  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof MediaStoreUnavailable || !isOutage(error)) throw error;
      throw new MediaStoreUnavailable(
        `The media store (S3 bucket ${this.bucket}) is unavailable: ${describe(error)}`,
        { cause: error },
      );
    }
  }
}

function describe(error: unknown): string {
  const status = statusOf(error);
  const { name, message } = error as { name?: string; message?: string };
  return [status ? `HTTP ${status}` : undefined, name, message].filter(Boolean).join(' ');
}

/** One line naming the variable to fix, for a failed start-up check. */
function describeCheckFailure(error: unknown, bucket: string, what: string): string {
  const status = statusOf(error);
  const name = JSON.stringify(bucket);
  if (status === 404 || (error as { name?: string }).name === 'NoSuchBucket') {
    return `S3_BUCKET names a bucket that does not exist: ${name} (${describe(error)})`;
  }
  if (status === 401 || status === 403) {
    return `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are refused access to the bucket ${name} (${describe(error)})`;
  }
  if (status === 301 || status === 400) {
    return `S3_REGION or S3_ENDPOINT is wrong: the bucket ${name} ${what} there (${describe(error)})`;
  }
  return `S3_ENDPOINT does not answer: the bucket ${name} ${what} (${describe(error)})`;
}
