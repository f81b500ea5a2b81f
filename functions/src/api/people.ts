import { Hono } from 'hono';
import { listPeople } from '../users/list-people.ts';
import { type Env, requireSession } from './env.ts';

/** `GET /api/people`: the account's active team (any signed-in member; see `listPeople`). */
export const peopleRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/', async (c) => c.json({ people: await listPeople(c.var.deps, c.var.signed.actor) }));
