import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import type { CommandContext } from '../commands/define.ts';
import { defineCommand } from '../commands/define.ts';
import { userToday } from '../commands/today.ts';
import { type Entity, HexColour, Id, IsoDate, Location } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import type { Job } from '../jobs/schema.ts';
import { normaliseList, RequiredText, TextList } from '../text.ts';
import { type VisitRecord, VisitStatus } from '../visits/record.ts';
import { applySchedule, jobsOfRound } from './apply-schedule.ts';
import { optimiseRoute } from './optimise.ts';
import { applyRoundOrder, roundItems } from './order.ts';
import { FrequencyData, type Round, sameRoundName } from './schema.ts';

/**
 * Round commands (spec 000 sections 2.5, 4, 5 and 6). Every action in the rounds list and the
 * round dialog is for Owner and Admin (the `rounds` route); adding jobs to a round also for
 * Creator and JobEditor; the portal round needs Ultimate. Rules and decisions: docs/rounds.md.
 */
const access = routeByName('rounds');
const jobEditors = { minLevel: 'Core', roles: ['Owner', 'Admin', 'Creator', 'JobEditor'] } as const;
const portal = { ...access, minLevel: 'Ultimate' } as const;

/** Not empty or blank, trimmed on save (spec 000 section 5). */
const RoundName = RequiredText('rounds.enter-round', 100);
const Colour = HexColour('rounds.colour-invalid');
/** "The day" of the user who acted: schedules apply from it, so the browser and server agree. */
const Today = IsoDate.optional();

/** Postcodes: one per line, trimmed, blank lines dropped, each once (spec 000 section 5). */
export const parsePostcodes = (lines: string | readonly string[]): string[] => normaliseList(lines);

async function loadRound(ctx: CommandContext, id: string): Promise<Entity<Round>> {
  const round = await ctx.store.get<Round>('round', id);
  if (!round) throw notFound('rounds.not-found', { id });
  return round;
}

export const createRound = defineCommand({
  name: 'rounds.create',
  input: z.object({ _id: Id.optional(), description: RoundName, color: Colour.optional() }),
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

/**
 * Colour, location, serviced postcodes and name. A new name that another round already has (compared
 * case-insensitively after trimming) merges that round into this one (spec 000 section 5): its jobs
 * and their visits are rewritten to this round, its postcodes added, and it is deleted.
 */
export const updateRound = defineCommand({
  name: 'rounds.update',
  input: z.object({
    _id: Id,
    changes: z.object({
      description: RoundName.optional(),
      color: Colour.optional(),
      location: Location.optional(),
      servicedPostcodes: TextList(20, 1000).optional(),
    }),
  }),
  access,
  async run(ctx, { _id, changes }) {
    const round = await loadRound(ctx, _id);
    const next: Round = { ...round };
    if (changes.color !== undefined) next.color = changes.color;
    if (changes.location !== undefined) next.location = changes.location;
    if (changes.servicedPostcodes !== undefined) next.servicedPostcodes = changes.servicedPostcodes;
    let merged: string[] = [];
    if (changes.description !== undefined) {
      next.description = changes.description;
      const others = (await ctx.store.list<Round>('round')).filter(
        (r) => r._id !== _id && sameRoundName(r.description, changes.description as string),
      );
      merged = others.map((r) => r._id);
      for (const other of others) {
        next.servicedPostcodes = parsePostcodes([
          ...(next.servicedPostcodes ?? []),
          ...(other.servicedPostcodes ?? []),
        ]);
        await rewriteRound(ctx, other._id, _id);
        await ctx.store.remove('round', other._id);
      }
    }
    return { round: await ctx.store.put<Round>('round', next), merged };
  },
});

/**
 * Replaces round `from` by `to` (or removes it, `to` undefined) on jobs and on their visits, done
 * and skipped ones included: those keep their date, price and status (the history invoices point
 * at) but must not name a round that no longer exists.
 */
async function rewriteRound(ctx: CommandContext, from: string, to: string | undefined): Promise<number> {
  const swap = (rounds: readonly string[]) => {
    const out: string[] = [];
    for (const r of rounds) {
      const id = r === from ? to : r;
      if (id !== undefined && !out.includes(id)) out.push(id);
    }
    return out;
  };
  let jobs = 0;
  for (const job of await ctx.store.list<Job>('job')) {
    if (!job.rounds.includes(from)) continue;
    await ctx.store.put<Job>('job', { ...job, rounds: swap(job.rounds) });
    jobs++;
  }
  for (const o of await ctx.store.list<VisitRecord>('visit')) {
    if (!o.rounds.includes(from)) continue;
    await ctx.store.put<VisitRecord>('visit', { ...o, rounds: swap(o.rounds) });
  }
  return jobs;
}

/** Removes the round from all jobs (and their visits), then deletes it (spec 000 section 5). */
export const deleteRound = defineCommand({
  name: 'rounds.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    await loadRound(ctx, _id);
    const jobs = await rewriteRound(ctx, _id, undefined);
    await ctx.store.remove('round', _id);
    return { jobs };
  },
});

/**
 * Sets the round's schedule and applies it to all its jobs (spec 000 section 4). The dialog asks
 * first when the round has jobs. Fails with 'There is no future.' when the schedule has no date
 * from today on, and then changes nothing.
 */
export const setRoundFrequency = defineCommand({
  name: 'rounds.set-frequency',
  input: z.object({ _id: Id, frequencyData: FrequencyData, today: Today }),
  access,
  async run(ctx, { _id, frequencyData, today }) {
    const round = await loadRound(ctx, _id);
    const applied = await applySchedule(ctx, _id, frequencyData, userToday(ctx, today));
    const saved = await ctx.store.put<Round>('round', { ...round, frequencyData });
    return { round: saved, ...applied };
  },
});

/** Takes the schedule off the round; its jobs keep the dates and frequencies they have. */
export const removeRoundFrequency = defineCommand({
  name: 'rounds.remove-frequency',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const { frequencyData, ...round } = await loadRound(ctx, _id);
    return ctx.store.put<Round>('round', round);
  },
});

/** Reset (replan): applies the round's schedule to its jobs again, from today. */
export const replanRound = defineCommand({
  name: 'rounds.replan',
  input: z.object({ _id: Id, today: Today }),
  access,
  async run(ctx, { _id, today }) {
    const round = await loadRound(ctx, _id);
    if (!round.frequencyData) throw validation('rounds.no-schedule');
    return applySchedule(ctx, _id, round.frequencyData, userToday(ctx, today));
  },
});

/** Spec 000 section 4: 'set as portal round' (Ultimate or above); also turns it off again. */
export const setPortalRound = defineCommand({
  name: 'rounds.set-portal',
  input: z.object({ _id: Id, isPortalRound: z.boolean() }),
  access: portal,
  async run(ctx, { _id, isPortalRound }) {
    const round = await loadRound(ctx, _id);
    return ctx.store.put<Round>('round', { ...round, isPortalRound });
  },
});

/**
 * Adds existing jobs to the round (Owner, Admin, Creator, JobEditor): the round becomes each job's
 * round (first entry, replacing the one it had), and its not-done visits that followed the job's
 * rounds follow the change. The round's schedule is not applied (its reset does that).
 */
export const addJobsToRound = defineCommand({
  name: 'rounds.add-jobs',
  input: z.object({ _id: Id, jobIds: z.array(Id).min(1).max(1000) }),
  access: jobEditors,
  async run(ctx, { _id, jobIds }) {
    await loadRound(ctx, _id);
    const jobs: Entity<Job>[] = [];
    for (const id of new Set(jobIds)) {
      const job = await ctx.store.get<Job>('job', id);
      if (!job) throw notFound('jobs.not-found', { id });
      jobs.push(job);
    }
    let added = 0;
    for (const job of jobs) {
      if (job.rounds[0] === _id) continue;
      const rounds = [_id, ...job.rounds.slice(1).filter((r) => r !== _id)];
      for (const o of await ctx.store.listBy<VisitRecord>('visit', job._id)) {
        if (o.status === VisitStatus.NotDone && sameList(o.rounds, job.rounds))
          await ctx.store.put<VisitRecord>('visit', { ...o, rounds });
      }
      await ctx.store.put<Job>('job', { ...job, rounds });
      added++;
    }
    return { added };
  },
});

/** The round dialog's drag reorder: the jobs' representative visits in the new order. */
export const reorderRound = defineCommand({
  name: 'rounds.reorder',
  input: z.object({ _id: Id, jobIds: z.array(Id).min(1).max(2000), today: Today }),
  access,
  async run(ctx, { _id, jobIds, today }) {
    await loadRound(ctx, _id);
    const items = await roundItems(ctx, await jobsOfRound(ctx, _id), userToday(ctx, today));
    return applyRoundOrder(ctx, items, jobIds);
  },
});

/**
 * Route optimising (spec 000 sections 2.5 and 5): orders the round's jobs for the shortest drive
 * from the business address round them and back (straight-line distance), and applies the order.
 * Needs the business address's coordinates, else `rounds.business-address-required`. Jobs with no
 * coordinates go last, in the order they had.
 */
export const optimiseRound = defineCommand({
  name: 'rounds.optimise',
  input: z.object({ _id: Id, today: Today }),
  access,
  async run(ctx, { _id, today }) {
    const origin = validOrigin(ctx.actor.settings.businessAddress?.lngLat);
    if (!origin) throw validation('rounds.business-address-required');
    await loadRound(ctx, _id);
    const items = (await roundItems(ctx, await jobsOfRound(ctx, _id), userToday(ctx, today))).filter(
      (i) => i.visit,
    );
    const located = items.filter((i) => i.job.location?.lngLat);
    const stops = located.map((i) => i.job.location?.lngLat as [number, number]);
    const route = optimiseRoute(origin, stops);
    const unlocated = items.filter((i) => !i.job.location?.lngLat).map((i) => i.job._id);
    const jobIds = [
      ...route.order.map((k) => (located[k] as (typeof located)[number]).job._id),
      ...unlocated,
    ];
    const { written } = jobIds.length ? await applyRoundOrder(ctx, items, jobIds) : { written: 0 };
    return { jobIds, beforeKm: route.beforeKm, afterKm: route.afterKm, unlocated: unlocated.length, written };
  },
});

/** A business address is valid for routing when it has real coordinates (not absent, not 0,0). */
export function validOrigin(lngLat: readonly [number, number] | undefined): [number, number] | undefined {
  if (!lngLat) return undefined;
  const [lng, lat] = lngLat;
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90)
    return undefined;
  return lng === 0 && lat === 0 ? undefined : [lng, lat];
}

const sameList = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
