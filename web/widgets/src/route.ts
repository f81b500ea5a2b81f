import type { ExtractSchema } from 'hono/types';
import type { PortalApi } from '../../../functions/src/api/portal.ts';

/** The portal API's routes as the server declares them: `'/:handle'`, `'/:handle/events'`... */
type PortalRoute = keyof ExtractSchema<PortalApi> & string;

/**
 * The address of one of the server's own portal routes, for the loader (`widgets.js`): a route the
 * server does not have fails to compile, as with the typed client (`api.ts`), at no cost in bytes;
 * the client (about 1.8 KB gzip) would make the loader half as big again (docs/portal.md).
 */
export const portalRoute = (origin: string, handle: string, route: PortalRoute & `/:handle${string}`) =>
  `${origin}/api/portal${route.replace(':handle', encodeURIComponent(handle))}`;
