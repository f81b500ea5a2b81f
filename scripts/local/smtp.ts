import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
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
export interface SmtpSinkOptions {
  /**
   * A header whose value is the sender's idempotency key (`X-Roundwise-Delivery` on messages to
   * customers): a second mail with a key already received is accepted and not kept, as an email
   * API with idempotency keys would do. A kept mail's key is in its file's name
   * (`<stamp>-<sequence>.k-<key>.eml`), which appears at once with the mail (a rename): a sink
   * killed mid-write has either kept the mail and its key or neither. (A separate keys file,
   * written after the mail, let a mail killed between the two be kept twice: the campaign
   * reliability test found it.)
   */
  idempotencyHeader?: string;
  /** Called for each mail kept that has the idempotency header (the sink's delivery callback). */
  onDelivered?: (mail: { key: string; to: string }) => void;
}

export async function startSmtpSink(directory: string, options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  await mkdir(directory, { recursive: true });
  let sequence = 0;
  const keys = new Set(
    options.idempotencyHeader
      ? (await readdir(directory)).flatMap((name) => {
          const key = /\.k-(.+)\.eml$/.exec(name)?.[1];
          return key ? [decodeURIComponent(key)] : [];
        })
      : [],
  );
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    banner: 'Roundwise local mail sink',
    size: 25 * 1024 * 1024,
    closeTimeout: 2_000,
    onData(stream, session, callback) {
      if (options.idempotencyHeader) return keepOnce(stream, session, callback);
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
  /** Reads the whole mail, keeps it unless its key was seen, then answers. */
  async function keepOnce(stream: Readable, session: SMTPServerSession, callback: (error?: Error) => void) {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const mail = Buffer.concat(chunks);
      // The head, unfolded (a long header continues on the next line after white space).
      const head = (
        mail.toString('utf8', 0, Math.min(mail.length, 16_384)).split(/\r?\n\r?\n/)[0] ?? ''
      ).replace(/\r?\n[ \t]+/g, ' ');
      const key = new RegExp(`^${options.idempotencyHeader}:\\s*(\\S+)`, 'im').exec(head)?.[1];
      if (key && keys.has(key)) return callback();
      if (key) keys.add(key); // before the write: a concurrent repeat is not kept either
      const name = `${mailFileStamp(new Date())}-${String(++sequence).padStart(4, '0')}`;
      const file = join(directory, `${name}${key ? `.k-${encodeURIComponent(key)}` : ''}.eml`);
      await writeFile(`${file}.tmp`, mail);
      await rename(`${file}.tmp`, file);
      if (key) {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        options.onDelivered?.({ key, to });
      }
      callback();
    } catch (error) {
      callback(error as Error);
    }
  }
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
