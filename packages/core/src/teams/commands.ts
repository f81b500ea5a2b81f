import { z } from 'zod';
import { routeByName } from '../access/routes.ts';
import { defineCommand } from '../commands/define.ts';
import { Id, patchOf } from '../entity.ts';
import { notFound, validation } from '../errors.ts';
import { sameTeamName, type Team, TeamFields } from './schema.ts';

/** The teams route needs the multiUser flag; changing teams is for Owners and Admins. */
const access = { ...routeByName('teams'), roles: ['Owner', 'Admin'] } as const;

async function assertUniqueName(teams: Team[], name: string, exceptId?: string) {
  if (teams.some((t) => t._id !== exceptId && sameTeamName(t.name, name))) {
    throw validation('teams.name-taken', { name });
  }
}

export const createTeam = defineCommand({
  name: 'teams.create',
  input: TeamFields.extend({ _id: Id.optional() }),
  access,
  async run(ctx, { _id, ...fields }) {
    await assertUniqueName(await ctx.store.list<Team>('team'), fields.name);
    return ctx.store.put<Team>('team', { ...fields, _id: _id ?? ctx.newId() });
  },
});

export const updateTeam = defineCommand({
  name: 'teams.update',
  input: z.object({ _id: Id, changes: patchOf(TeamFields) }),
  access,
  async run(ctx, { _id, changes }) {
    const teams = await ctx.store.list<Team>('team');
    const current = teams.find((t) => t._id === _id);
    if (!current) throw notFound('teams.not-found', { id: _id });
    if (changes.name !== undefined) await assertUniqueName(teams, changes.name, _id);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    return ctx.store.put<Team>('team', { ...current, ...defined });
  },
});

export const deleteTeam = defineCommand({
  name: 'teams.delete',
  input: z.object({ _id: Id }),
  access,
  async run(ctx, { _id }) {
    const current = await ctx.store.get<Team>('team', _id);
    if (!current) throw notFound('teams.not-found', { id: _id });
    await ctx.store.remove('team', _id);
    return { deleted: _id };
  },
});
