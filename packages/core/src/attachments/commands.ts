import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id } from '../entity.ts';
import { notFound } from '../errors.ts';
import { DELETE_OBJECT_EFFECT } from './rules.ts';
import type { Attachment } from './schema.ts';

/** The attachments route (spec 000 section 2.3: Advanced; no roles named, so every role). */
export const access = routeByName('attachments');

/**
 * Deletes an attachment: the record now, the file by the effect once the deletion is stored. A
 * command, so a deletion made offline waits on the device like any other change.
 */
export const deleteAttachment = defineCommand({
  name: 'attachments.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Attachment>('attachment', _id);
    if (!current) throw notFound('attachment.not-found', { id: _id });
    await ctx.store.remove('attachment', _id);
    ctx.emit({ type: DELETE_OBJECT_EFFECT, payload: { key: current.key } });
    return { deleted: _id };
  },
});
