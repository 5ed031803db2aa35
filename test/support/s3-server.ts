/**
 * A real S3 protocol server for tests: s3rver (the S3 REST API over a temporary folder), answering the
 * real AWS SDK over HTTP on 127.0.0.1 with path-style addressing. Nothing mocks the SDK.
 *
 *   const s3 = await startS3Server();
 *   startApp({ env: { ...s3.env } });          // STORAGE_DRIVER=s3 and the S3_* variables
 *   await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'public/…' }));
 *   await s3.stop();
 *
 * `stop()` closes the server and removes its folder; `pause()`/`resume()` make it unreachable for a
 * while (a store outage) without losing what it holds.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { getFreePort } from './net.js';

export interface S3TestServer {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  port: number;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The app's configuration for this store (STORAGE_DRIVER=s3, S3_*). */
  env: Record<string, string>;
  /** An SDK client on this server, for reading back what the app stored. */
  client: S3Client;
  /** Stops answering (connections refused) until `resume()`; the objects are kept. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** s3rver's only credentials. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export async function startS3Server(
  options: { bucket?: string; createBucket?: boolean } = {},
): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'seo-agency-media';
  const region = 'us-east-1';
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const port = await getFreePort();
  // Keep-alive connections of the SDK would hold close() open: they are cut.
  const close = async (running: S3rver) => {
    running.httpServer?.closeAllConnections();
    await running.close();
  };
  const make = () =>
    new S3rver({ port, address: '127.0.0.1', silent: true, directory, resetOnClose: false });
  let server: S3rver | undefined = make();
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  if (options.createBucket ?? true) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    port,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    async pause() {
      if (server) await close(server);
      server = undefined;
    },
    async resume() {
      if (server) return;
      server = make();
      await server.run();
    },
    async stop() {
      client.destroy();
      if (server) await close(server);
      server = undefined;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
