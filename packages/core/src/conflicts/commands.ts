import { z } from 'zod';
import { defineCommand } from '../commands/define.ts';
import { notFound } from '../errors.ts';
import type { Conflict } from './schema.ts';

/**
 * The person told of a change that was not kept has seen it (or applied theirs again, which is a
 * new edit of the record's own area): the notice goes from their devices. Anyone may dismiss their
 * own and no one else's; another's reads as not found.
 */
export const dismissConflict = defineCommand({
  name: 'conflicts.dismiss',
  input: z.object({ _id: z.string().min(1).max(300) }),
  access: {},
  async run(ctx, { _id }) {
    const conflict = await ctx.store.get<Conflict>('conflict', _id);
    if (!conflict || conflict.userId !== ctx.actor.userId) throw notFound('conflicts.not-found', { id: _id });
    await ctx.store.remove('conflict', _id);
    return { dismissed: _id };
  },
});
