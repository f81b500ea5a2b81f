import { z } from 'zod';
import { type CommandContext, defineCommand } from '../commands/define.ts';
import { Id, IsoDate } from '../entity.ts';
import { validation } from '../errors.ts';
import { Hours, MAX_OVERRIDES, WorkerAvailability } from './schema.ts';

/**
 * The availability route has no roles (spec 000 section 2.3): anyone with the feature sees the
 * week. Who works when is planning, so changing it is for those who plan the schedule.
 */
const access = { flagsAll: ['availability'], roles: ['Owner', 'Admin', 'Planner'] } as const;

const current = async (ctx: CommandContext, userId: string): Promise<WorkerAvailability> =>
  (await ctx.store.get<WorkerAvailability>('workerAvailability', userId)) ??
  WorkerAvailability.parse({ _id: userId });

/** A worker's skills and hours per weekday. */
export const setWorker = defineCommand({
  name: 'availability.set-worker',
  input: z.object({
    userId: Id,
    skills: WorkerAvailability.shape.skills.optional(),
    defaultAvailability: WorkerAvailability.shape.defaultAvailability.optional(),
  }),
  access,
  async run(ctx, { userId, skills, defaultAvailability }) {
    const record = await current(ctx, userId);
    return ctx.store.put<WorkerAvailability>('workerAvailability', {
      ...record,
      ...(skills ? { skills: [...new Set(skills)] } : {}),
      ...(defaultAvailability ? { defaultAvailability } : {}),
    });
  },
});

/** A worker's hours on one date, overriding their weekday's; `null` goes back to the weekday's. */
export const setDay = defineCommand({
  name: 'availability.set-day',
  input: z.object({ userId: Id, day: IsoDate, hours: Hours.nullable() }),
  access,
  async run(ctx, { userId, day, hours }) {
    const record = await current(ctx, userId);
    const { [day]: _, ...others } = record.availability;
    const availability = hours === null ? others : { ...others, [day]: hours };
    if (Object.keys(availability).length > MAX_OVERRIDES) throw validation('general.record-too-large');
    return ctx.store.put<WorkerAvailability>('workerAvailability', { ...record, availability });
  },
});
