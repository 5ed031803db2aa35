/** The part of s3rver 3.7 (which ships no types) that test/support/s3-server.ts uses. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  import type { Server } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
