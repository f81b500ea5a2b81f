import { AppError } from '@roundwise/core';
import { type RestoreJob, RestoreJobs } from '@roundwise/db';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { recordEvent } from '../audit/record-event.ts';
import { enforceLimit } from '../auth/limits.ts';
import type { BackupBucket } from '../backups/backup-files.ts';
import { createBackup } from '../backups/create-backup.ts';
import { downloadLink } from '../backups/download-link.ts';
import { findBackup } from '../backups/find-backup.ts';
import { listBackups } from '../backups/list-backups.ts';
import { backupFile, backupLines } from '../backups/read-backup.ts';
import { startRestore } from '../backups/start-restore.ts';
import { maySee } from '../backups/visible-backups.ts';
import type { Deps } from '../context.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

/** Manual backups and restores per account and hour: each reads the whole account. */
const MANUAL_PER_HOUR = 20;

const limitBackups = (deps: Deps, accountId: string) =>
  enforceLimit(deps, `backup:${accountId}`, 3_600_000, MANUAL_PER_HOUR, 'backups.rate-limited');

const Params = z.object({
  id: z
    .string()
    .max(60)
    .regex(/^[0-9A-Za-z-]+$/, 'backups.not-found'),
});

const JobParams = z.object({
  jobId: z
    .string()
    .max(60)
    .regex(/^[0-9A-Za-z]+$/, 'general.not-found'),
});

/** What the screen shows of a restore job (docs/api.md). */
const progressOf = (job: RestoreJob) => ({
  id: job.jobId,
  backupId: job.backupId,
  state: job.state,
  total: job.total ?? null,
  done: job.done,
  written: job.written,
  deleted: job.deleted,
  before: job.before ?? null,
  error: job.error ?? null,
});

const bucketOf = (deps: Deps): BackupBucket => {
  if (!deps.backups) throw new AppError('unavailable', 'backups.unavailable');
  return deps.backups;
};

/**
 * Spec 002 section 7's `data-email`: whose data the screen asked for. The session (the cookie,
 * standing in for the spec's session-key and session-value) decides the account; a request made
 * for someone else (a tab left open after another person signed in) is refused.
 */
const checkDataEmail = (header: string | undefined, email: string) => {
  if (header !== undefined && header.trim().toLowerCase() !== email.toLowerCase()) {
    throw new AppError('forbidden', 'backups.wrong-account');
  }
};

export const backupsRoutes = new Hono<Env>()
  .use(requireSession, requireRoute('backups'))
  .get('/', async (c) => {
    const { actor } = c.var.signed;
    const all = await listBackups(bucketOf(c.var.deps), actor.accountId);
    return c.json(all.filter((b) => maySee(actor, b)));
  })
  // 'run manual backup now' (the spec shows no path for it).
  .post('/', async (c) => {
    const { deps, signed } = c.var;
    const files = bucketOf(deps);
    await limitBackups(deps, signed.actor.accountId);
    const manifest = await createBackup({
      db: deps.db,
      files,
      accountId: signed.actor.accountId,
      initiator: 'manual',
      now: deps.now,
    });
    const { id, date, size, initiatorTask } = manifest;
    await recordEvent(deps, signed.actor.accountId, {
      action: 'backups.create',
      createdBy: signed.actor.email,
      subject: { id, resourceType: 'backup' },
      summary: `Manual backup ${id}`,
    });
    return c.json({ id, date, size, initiatorTask }, 201);
  })
  // The restore runs on the queue worker; the answer is its job, which the screen follows.
  .post('/:id/restore', validate('param', Params), async (c) => {
    const { deps, signed } = c.var;
    const job = await startRestore(deps, bucketOf(deps), signed.actor, c.req.valid('param').id, () =>
      limitBackups(deps, signed.actor.accountId),
    );
    return c.json(progressOf(job), 202);
  })
  .get('/restores/:jobId', validate('param', JobParams), async (c) => {
    const { deps, signed } = c.var;
    const job = await new RestoreJobs(deps.db).get(signed.actor.accountId, c.req.valid('param').jobId);
    if (!job) throw new AppError('not-found', 'general.not-found');
    return c.json(progressOf(job));
  })
  // Developer-mode Load: the backup's lines, streamed.
  .get('/:id/stream-data', validate('param', Params), async (c) => {
    const { deps, signed } = c.var;
    if (!signed.actor.developerMode) throw new AppError('forbidden', 'access.developer-mode-required');
    checkDataEmail(c.req.header('data-email'), signed.actor.email);
    const files = bucketOf(deps);
    const { id } = await findBackup(files, signed.actor, c.req.valid('param').id);
    c.header('content-type', 'application/x-ndjson; charset=utf-8');
    c.header('vary', 'accept-encoding');
    // The file is already gzipped JSON lines: a browser gets it as stored and decompresses it as
    // it reads (a tenth of the bytes, which keeps a town account's Load inside a Lambda answer).
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      c.header('content-encoding', 'gzip');
      const file = await backupFile(files, signed.actor.accountId, id);
      return stream(c, async (out) => {
        for await (const chunk of file) await out.write(chunk as Uint8Array);
      });
    }
    return stream(c, async (out) => {
      for await (const line of backupLines(files, signed.actor.accountId, id)) await out.write(`${line}\n`);
    });
  })
  // Download: a short-lived link to the file itself.
  .get('/:id', validate('param', Params), async (c) => {
    const { deps, signed } = c.var;
    checkDataEmail(c.req.header('data-email'), signed.actor.email);
    const files = bucketOf(deps);
    const { id } = await findBackup(files, signed.actor, c.req.valid('param').id);
    return c.json({ url: await downloadLink(files, signed.actor.accountId, id) });
  });
