import {
  AccountSettings,
  AppError,
  atLeast,
  FeatureFlag,
  featureLevel,
  Level,
  RequiredText,
} from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { settingsOf } from '../account/account-settings.ts';
import { chooseLevel } from '../account/choose-level.ts';
import { forget } from '../auth/actor.ts';
import { buildMe } from '../auth/me.ts';
import { accountSettingsRoutes } from './account-settings.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

export const accountRoutes = new Hono<Env>()
  .use(requireSession)
  .route('/', accountSettingsRoutes)
  .patch(
    '/',
    requireRoute('account'),
    validate(
      'json',
      z.object({
        businessName: RequiredText('auth.name-required', 200).optional(),
        // Payment connections change only through /payments/connections (its own access rule).
        settings: AccountSettings.omit({ paymentConnections: true }).partial().optional(),
        flags: z.array(FeatureFlag).optional(),
      }),
    ),
    async (c) => {
      const s = c.var.deps;
      const { businessName, flags, settings: parsed } = c.req.valid('json');
      // Only the settings sent: the partial schema fills the others with their defaults.
      const sent = (await c.req.json()) as { settings?: object };
      const settings =
        parsed &&
        Object.fromEntries(Object.entries(parsed).filter(([k]) => Object.hasOwn(sent.settings ?? {}, k)));
      const { me, tokenHash } = c.var.signed;
      // A feature switched on must be one the plan includes (features.ts); one already on stays.
      for (const flag of flags ?? []) {
        const level = featureLevel(flag);
        if (level && !me.flags.includes(flag) && !atLeast(me.level, level)) {
          throw new AppError('forbidden', 'access.level-required', { level });
        }
      }
      // Merged into the stored settings: `me` carries only those this member's screens read.
      const stored = settings ? await settingsOf(s, me.account.accountId) : undefined;
      await s.auth.updateAccount(me.account.accountId, {
        ...(businessName ? { businessName } : {}),
        ...(settings ? { settings: { ...stored!, ...settings } } : {}),
        ...(flags ? { flags } : {}),
      });
      forget();
      return c.json(await buildMe(s, tokenHash));
    },
  )
  .post(
    '/subscription',
    requireRoute('account-subscription'),
    validate('json', z.object({ level: Level })),
    async (c) => {
      const result = await chooseLevel(c.var.deps, c.var.signed.actor, c.req.valid('json').level);
      return c.json({ ...result, me: await buildMe(c.var.deps, c.var.signed.tokenHash) });
    },
  );
