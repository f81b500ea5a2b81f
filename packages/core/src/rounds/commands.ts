import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id } from '../entity.ts';
import { validation } from '../errors.ts';
import { type Round, sameRoundName } from './schema.ts';

const access = routeByName('rounds');

export const createRound = defineCommand({
  name: 'rounds.create',
  input: z.object({
    _id: Id.optional(),
    // Not empty or blank, trimmed on save (spec 000 section 5).
    description: z.string().trim().min(1, 'rounds.enter-round').max(100),
    color: z.string().max(20).optional(),
  }),
  access,
  async run(ctx, input) {
    const existing = await ctx.store.list<Round>('round');
    if (existing.some((r) => sameRoundName(r.description, input.description))) {
      throw validation('rounds.round-already-exists', { name: input.description });
    }
    return ctx.store.put<Round>('round', {
      _id: input._id ?? ctx.newId(),
      description: input.description,
      color: input.color ?? '#2563eb',
      schedules: [],
      isPortalRound: false,
      servicedPostcodes: [],
    });
  },
});
