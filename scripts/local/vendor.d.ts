// Minimal declarations for the local stand-ins that ship without types.

declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    httpServer: Server | undefined;
    /** Koa's middleware list: composed when the server starts listening. */
    middleware: ((ctx: unknown, next: () => Promise<void>) => unknown)[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export default S3rver;
}
