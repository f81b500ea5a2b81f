import { Hono } from 'hono';
import { type Env, requireRoute, requireSession } from './env.ts';

/**
 * The training academy (spec 001 section 2.3): the lectures from the configured content
 * service, for anyone signed in (the route has no role). The browser keeps them for a day.
 */
export const trainingRoutes = new Hono<Env>()
  .use(requireSession, requireRoute('training'))
  .get('/lectures', async (c) => c.json({ lectures: await c.var.deps.training.lectures() }));
