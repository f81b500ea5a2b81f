import { AppError, type Attachments } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { Hono } from 'hono';
import { bucketOf } from '../attachments/bucket.ts';
import { downloadLink } from '../attachments/download-link.ts';
import type { Env } from './env.ts';

/**
 * `GET /api/go/img/{accountId}/{attachmentId}`: an image of the account's image library as a
 * template shows it (spec 001 section 2.10). A mailed template is opened by customers' mail
 * clients, with no session and long after a 60-second download link has expired, so the address
 * in the template is this stable one, which answers each time with a fresh short-lived link to
 * the file. Only images are served; the address is as secret as its two ids (the attachment's is
 * a ULID, 80 random bits), like any image mailed to customers.
 */
export const templateImageRoutes = new Hono<Env>().get(
  '/:accountId{[0-9A-Za-z_-]{1,64}}/:id{[0-9A-Za-z_-]{1,64}}',
  async (c) => {
    const { deps } = c.var;
    const repo = new EntityRepository(deps.db, c.req.param('accountId'));
    const image = await repo.get<Attachments.Attachment>('attachment', c.req.param('id'));
    if (!image?.contentType.startsWith('image/')) throw new AppError('not-found', 'attachment.not-found');
    return c.redirect(await downloadLink(bucketOf(deps.attachments), image), 302);
  },
);
