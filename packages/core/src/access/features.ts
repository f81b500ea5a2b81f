import { type FeatureFlag, type Level, levelRank } from './model.ts';
import { routes } from './routes.ts';

/**
 * The features an Owner switches on in Settings (a new business could not open Send or the audit
 * log: nothing switched their flags on). A feature is switchable when the plan includes it: the
 * plan level is the lowest `minLevel` of the routes the flag opens (balance and metadata are
 * Ultimate screens), or any plan when its routes name none. The server refuses a flag the plan
 * does not include (`access.level-required`); the routes and commands check the flags as before.
 */
export const OwnerFeatures = [
  'send',
  'audit',
  'scheduledMessaging',
  'pricing',
  'timeTracker',
  'availability',
  'balance',
  'metadata',
  'marketplaceBuyer',
  'marketplaceSeller',
  'franchise',
  'transferData',
  'twoWayEmail',
] as const satisfies readonly FeatureFlag[];
export type OwnerFeature = (typeof OwnerFeatures)[number];

/** The plan a feature needs, from the route table; undefined when every plan includes it. */
export function featureLevel(flag: FeatureFlag): Level | undefined {
  const levels = routes
    .filter((r) => r.flagsAll?.includes(flag) || r.flagsAny?.includes(flag))
    .map((r) => r.minLevel);
  if (levels.length === 0 || levels.some((l) => l === undefined)) return undefined;
  return (levels as Level[]).sort((a, b) => levelRank(a) - levelRank(b))[0];
}
