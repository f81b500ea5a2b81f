import crypto from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { closeServer, LOOPBACK } from './net.ts';

/** The buckets production has (stacks/), created at every start (existing ones are kept). */
export const BUCKETS = { attachments: 'roundwise-attachments', backups: 'roundwise-backups' } as const;

/**
 * The browser uploads and downloads attachments with presigned links straight to the bucket, as it
 * does on AWS (stacks/storage.ts has the same rule): the app's page is another origin than s3rver's.
 */
const ATTACHMENTS_CORS = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>86400</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

/** s3rver checks signatures against this fixed key pair. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * What an `S3Client` needs to talk to s3rver: path-style URLs (no `<bucket>.localhost` DNS),
 * no default CRC32 checksums (s3rver predates them and rejects or stores the chunked
 * `aws-chunked` bodies), and s3rver's fixed credentials.
 */
export function s3ClientOptions(endpoint: string, region = 'eu-west-2') {
  return {
    endpoint,
    region,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
    credentials: { ...S3RVER_CREDENTIALS },
  };
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

/** s3rver on a free loopback port, storing objects as files under `directory`. */
export async function startS3(directory: string): Promise<LocalS3> {
  enableS3rverContinuationTokens();
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: LOOPBACK,
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKETS.attachments, configs: [ATTACHMENTS_CORS] }, { name: BUCKETS.backups }],
  });
  const address = await server.run();
  const endpoint = `http://${LOOPBACK}:${address.port}`;
  return {
    endpoint,
    async stop() {
      if (server.httpServer) await closeServer(server.httpServer);
    },
  };
}

/**
 * The attachments bucket of a data folder (`<dataDir>/s3`), for a seed run while no runtime is:
 * `put` writes a file there as the app's uploads end up.
 */
export async function localAttachments(dataDir: string) {
  const s3 = await startS3(`${dataDir}/s3`);
  const client = new S3Client(s3ClientOptions(s3.endpoint));
  return {
    put: async (Key: string, Body: Uint8Array, ContentType: string) => {
      await client.send(new PutObjectCommand({ Bucket: BUCKETS.attachments, Key, Body, ContentType }));
    },
    async stop() {
      client.destroy();
      await s3.stop();
    },
  };
}

let shimmed = false;

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 (Node 17+)
 * only offers with the legacy provider: without `--openssl-legacy-provider` a paginated listing
 * fails with `error:0308010C:digital envelope routines::unsupported`. `npm start` and `npm test`
 * set the flag (NODE_OPTIONS); for in-process use without it (a plain `npx vitest`), this maps
 * the `des` calls, which would otherwise throw, to AES-128-CBC with the same 8-byte key and IV
 * padded to 16 bytes. Tokens stay opaque and round-trip; nothing else is touched.
 */
export function enableS3rverContinuationTokens() {
  if (shimmed || desAvailable()) return;
  shimmed = true;
  const pad = (bytes: Uint8Array) => Buffer.concat([bytes, Buffer.alloc(16)]).subarray(0, 16);
  const target = crypto as unknown as Record<
    'createCipheriv' | 'createDecipheriv',
    (...args: unknown[]) => unknown
  >;
  for (const name of ['createCipheriv', 'createDecipheriv'] as const) {
    const original = target[name];
    target[name] = (algorithm: unknown, key: unknown, iv: unknown, ...rest: unknown[]) =>
      algorithm === 'des'
        ? original('aes-128-cbc', pad(key as Uint8Array), pad(iv as Uint8Array), ...rest)
        : original(algorithm, key, iv, ...rest);
  }
}

function desAvailable() {
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
}
