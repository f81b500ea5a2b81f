import { Hono } from 'hono';
import type { Env } from './env.ts';
import { publicMessageRoutes } from './notifications.ts';
import { publicAccountRoutes, publicSignUpRoutes } from './payment-pages.ts';
import { publicQuoteRoutes } from './quotes.ts';
import { publicRatingRoutes } from './ratings.ts';
import { unsubscribeRoutes } from './send.ts';
import { templateImageRoutes } from './template-images.ts';

/**
 * `/api/go/...`: what customers open from a link, with no staff session (the site sends `/go/*`
 * here). Each area keeps its public pages beside its staff calls; this is where they are mounted.
 */
export const goRoutes = new Hono<Env>()
  .route('/q', publicQuoteRoutes)
  .route('/p', publicSignUpRoutes)
  .route('/a', publicAccountRoutes)
  .route('/img', templateImageRoutes)
  .route('/u', unsubscribeRoutes)
  .route('/m', publicMessageRoutes)
  .route('/m', publicRatingRoutes);
