import { AppError } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { localPhotoFile } from '../photos/local-photos.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

/**
 * The rich-text editor's photo search (spec 001 section 2.10) through the configured provider
 * (`Deps.photos`), and the local provider's pictures. The pictures are public: a template that
 * uses one is mailed to customers, whose mail client loads it with no session.
 */
export const photoRoutes = new Hono<Env>()
  .get('/local/:file{[a-z-]+\\.png}', (c) => {
    const png = localPhotoFile(c.req.param('file').replace(/\.png$/, ''));
    if (!png) throw new AppError('not-found', 'general.not-found');
    return c.body(new Uint8Array(png), 200, {
      'content-type': 'image/png',
      // Generated from code: the same name is always the same picture.
      'cache-control': 'public, max-age=86400',
    });
  })
  .get(
    '/search',
    requireSession,
    requireRoute('send'),
    validate(
      'query',
      z.object({
        query: z.string().max(200).default(''),
        page: z.coerce.number().int().min(1).max(100).default(1),
      }),
    ),
    async (c) => {
      const { query, page } = c.req.valid('query');
      return c.json(await c.var.deps.photos.search(query.trim(), page));
    },
  );
