import { createWriteStream } from 'node:fs';
import { mkdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SMTPServer } from 'smtp-server';
import { LOOPBACK } from './net.ts';

export interface SmtpSink {
  host: string;
  port: number;
  /** The folder of `.eml` files. */
  directory: string;
  stop(): Promise<void>;
}

/**
 * An SMTP server on a free loopback port that accepts any mail (no TLS, no auth) and writes each
 * message, as received, to `<directory>/<UTC timestamp>-<sequence>.eml`. Names sort by arrival,
 * and a file appears only once complete (written as `.tmp`, then renamed).
 */
export async function startSmtpSink(directory: string): Promise<SmtpSink> {
  await mkdir(directory, { recursive: true });
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Roundwise local mail sink',
    size: 25 * 1024 * 1024,
    closeTimeout: 2_000,
    onData(stream, _session, callback) {
      const file = join(directory, `${mailFileStamp(new Date())}-${String(++sequence).padStart(4, '0')}.eml`);
      const partial = `${file}.tmp`;
      pipeline(stream, createWriteStream(partial))
        .then(() => rename(partial, file))
        .then(
          () => callback(),
          (error: Error) => {
            void unlink(partial).catch(() => {});
            callback(error);
          },
        );
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
  return {
    host: LOOPBACK,
    port,
    directory,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `20261121T045300123Z`: UTC, fixed width, so names sort by time; no `:` (not portable in file names). */
export function mailFileStamp(date: Date) {
  return date.toISOString().replace(/[-:]/g, '').replace('.', '');
}
