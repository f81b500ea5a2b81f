import { z } from 'zod';
import { FeatureFlags, Levels, Roles, SubscriptionStatuses } from './model.ts';

/**
 * The access model's words as schemas, for the API's inputs and stored records. Apart from
 * model.ts because the web's entry reads that one, and a schema there would bring zod to the
 * sign-in page.
 */
export const Role = z.enum(Roles);
export type Role = z.infer<typeof Role>;
export const Level = z.enum(Levels);
export type Level = z.infer<typeof Level>;
export const SubscriptionStatus = z.enum(SubscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;
export const FeatureFlag = z.enum(FeatureFlags);
export type FeatureFlag = z.infer<typeof FeatureFlag>;
