import { RequiredText } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { blockEmail } from '../account/block-email.ts';
import { deleteCannedResponse } from '../account/delete-canned-response.ts';
import { setRatingPublished } from '../account/public-ratings.ts';
import { saveCannedResponse } from '../account/save-canned-response.ts';
import { setReplyTo } from '../account/set-reply-to.ts';
import { unblockEmail } from '../account/unblock-email.ts';
import { buildMe } from '../auth/me.ts';
import { type Env, requireRoute, validate } from './env.ts';

const EmailBody = z.object({ email: z.string().max(254) });
const VisitParam = z.object({ visitId: z.string().min(1).max(64) });

/**
 * The account settings the messaging screens change (mounted under `/api/account`, behind its
 * session check). Email settings are the email-settings route's (Owner, Admin); canned responses
 * the canned-responses route's (Owner, Admin, Creator). Each answers the new `Me`.
 */
export const accountSettingsRoutes = new Hono<Env>()
  // The rating view dialog (spec 001 section 2.11): publish or unpublish a visit's rating.
  .put('/public-ratings/:visitId', requireRoute('settings'), validate('param', VisitParam), async (c) => {
    await setRatingPublished(c.var.deps, c.var.signed.actor.accountId, c.req.valid('param').visitId, true);
    return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
  })
  .delete('/public-ratings/:visitId', requireRoute('settings'), validate('param', VisitParam), async (c) => {
    await setRatingPublished(c.var.deps, c.var.signed.actor.accountId, c.req.valid('param').visitId, false);
    return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
  })
  .put(
    '/email-settings/reply-to',
    requireRoute('email-settings'),
    validate('json', z.object({ customReplyTo: z.string().max(254) })),
    async (c) => {
      await setReplyTo(c.var.deps, c.var.signed.actor.accountId, c.req.valid('json').customReplyTo);
      return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
    },
  )
  .post(
    '/email-settings/blocklist',
    requireRoute('email-settings'),
    validate('json', EmailBody),
    async (c) => {
      await blockEmail(c.var.deps, c.var.signed.actor.accountId, c.req.valid('json').email);
      return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
    },
  )
  .delete(
    '/email-settings/blocklist/:email',
    requireRoute('email-settings'),
    validate('param', EmailBody),
    async (c) => {
      await unblockEmail(c.var.deps, c.var.signed.actor.accountId, c.req.valid('param').email);
      return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
    },
  )
  .put(
    '/canned-responses/:id',
    requireRoute('canned-responses'),
    validate('param', z.object({ id: z.string().min(1).max(64) })),
    validate(
      'json',
      z.object({
        title: RequiredText('canned-responses.title-required', 200),
        message: RequiredText('canned-responses.message-required', 5000),
        tags: z.array(z.string().trim().max(60)).max(50).default([]),
      }),
    ),
    async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      await saveCannedResponse(c.var.deps, c.var.signed.actor.accountId, {
        id,
        ...body,
        tags: body.tags.filter(Boolean),
      });
      return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
    },
  )
  .delete('/canned-responses/:id', requireRoute('canned-responses'), async (c) => {
    await deleteCannedResponse(c.var.deps, c.var.signed.actor.accountId, c.req.param('id'));
    return c.json(await buildMe(c.var.deps, c.var.signed.tokenHash));
  });
