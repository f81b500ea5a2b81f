import { AppError, LngLat } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { localMapStyle } from '../places/local-places.ts';
import { type Env, requireSession, validate } from './env.ts';

/** A round of a few hundred stops, with the business address at both ends. */
const MAX_ROUTE_POINTS = 502;

/**
 * Address search, the basemap and road distances through the configured provider (`Deps.places`,
 * docs/places.md). Any signed-in user: every form that takes an address searches, and a worker's
 * device routes its day. The local basemap's style is public (a map library fetches it with no
 * cookie from its worker) and holds only the gazetteer.
 */
export const placesRoutes = new Hono<Env>()
  .get('/map/style.json', (c) => c.json(localMapStyle(), 200, { 'cache-control': 'public, max-age=86400' }))
  .get('/map', requireSession, async (c) => c.json({ styleUrl: await c.var.deps.places.mapStyleUrl() }))
  .get(
    '/suggest',
    requireSession,
    validate(
      'query',
      z.object({
        text: z.string().max(200),
        lng: z.coerce.number().min(-180).max(180).optional(),
        lat: z.coerce.number().min(-90).max(90).optional(),
      }),
    ),
    async (c) => {
      const { text, lng, lat } = c.req.valid('query');
      const near = lng !== undefined && lat !== undefined ? ([lng, lat] as [number, number]) : undefined;
      const trimmed = text.trim();
      return c.json({ suggestions: trimmed ? await c.var.deps.places.suggest(trimmed, near) : [] });
    },
  )
  .get(
    '/place',
    requireSession,
    validate('query', z.object({ id: z.string().min(1).max(500) })),
    async (c) => {
      const place = await c.var.deps.places.place(c.req.valid('query').id);
      if (!place) throw new AppError('not-found', 'places.not-found');
      return c.json(place);
    },
  )
  .post(
    '/route',
    requireSession,
    validate('json', z.object({ points: z.array(LngLat).min(2).max(MAX_ROUTE_POINTS) })),
    async (c) => c.json(await c.var.deps.places.route(c.req.valid('json').points)),
  );
