import { AppError, type Attachments, canNavigate, Id, notFound } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { bucketOf } from '../attachments/bucket.ts';
import { DOWNLOAD_LINK_SECONDS, downloadLink } from '../attachments/download-link.ts';
import { RecordUpload, recordUpload } from '../attachments/record-upload.ts';
import { UPLOAD_LINK_SECONDS, uploadLink } from '../attachments/upload-link.ts';
import { runCommand } from '../commands/run-command.ts';
import type { CommandAnswer } from './commands.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

type Attachment = Attachments.Attachment;

/**
 * Reading files: the attachments route, or the quotes route (a quote shows its files to whoever
 * may open it, whatever the plan, so a downgraded account still sees what it attached).
 */
const requireReader = createMiddleware<Env>(async (c, next) => {
  const { actor } = c.var.signed;
  const result = canNavigate(actor, 'attachments');
  if (!result.ok && !canNavigate(actor, 'quotes').ok) throw result.error;
  await next();
});

const Params = z.object({ id: Id });

/** The caller's own account's record: another account's id is simply not found. */
async function find(repo: EntityRepository, id: string) {
  const found = await repo.get<Attachment>('attachment', id);
  if (!found) throw notFound('attachment.not-found', { id });
  return found;
}

/**
 * The attachments API (docs/api.md, "Attachments"). Upload is two calls around a direct PUT to
 * the bucket: a link, then the record once the file is there. Deleting is the
 * `attachments.delete` command (the web sends it through the offline queue); `DELETE` here runs
 * the same command for other callers.
 */
export const attachmentRoutes = new Hono<Env>()
  .use(requireSession)
  .post(
    '/uploads',
    requireRoute('attachments'),
    validate('json', z.object({ contentType: z.string().max(100), size: z.number().int() })),
    async (c) => {
      const { deps, signed } = c.var;
      const link = await uploadLink(bucketOf(deps.attachments), signed.actor, c.req.valid('json'));
      return c.json({ ...link, expiresIn: UPLOAD_LINK_SECONDS }, 201);
    },
  )
  .post('/', requireRoute('attachments'), validate('json', RecordUpload), async (c) => {
    const answer = await recordUpload(c.var.deps, c.var.signed.actor, c.req.valid('json'));
    return c.json(answer.body as CommandAnswer<Attachment>, answer.status as 200);
  })
  .get(
    '/',
    requireReader,
    validate('query', z.object({ related: z.string().max(64).optional() })),
    async (c) => {
      const { deps, signed } = c.var;
      const { related } = c.req.valid('query');
      const all = await new EntityRepository(deps.db, signed.actor.accountId).list<Attachment>('attachment');
      return c.json(related ? all.filter((a) => a.related.includes(related)) : all);
    },
  )
  .get('/:id', requireReader, validate('param', Params), async (c) => {
    const { deps, signed } = c.var;
    const files = bucketOf(deps.attachments);
    const attachment = await find(
      new EntityRepository(deps.db, signed.actor.accountId),
      c.req.valid('param').id,
    );
    return c.json({
      url: await downloadLink(files, attachment),
      expiresIn: DOWNLOAD_LINK_SECONDS,
    });
  })
  .delete('/:id', requireRoute('attachments'), validate('param', Params), async (c) => {
    const commandId = c.req.header('idempotency-key') ?? crypto.randomUUID();
    if (commandId.length > 64) throw new AppError('validation', 'general.validation-failed');
    const answer = await runCommand(c.var.deps, c.var.signed.actor, 'attachments.delete', commandId, {
      _id: c.req.valid('param').id,
    });
    return c.json(answer.body as CommandAnswer<Attachment>, answer.status as 200);
  });
