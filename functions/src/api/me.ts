import { AppError, Id, RequiredText, UserSettings } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { switchAccount } from '../account/switch-account.ts';
import { forget } from '../auth/actor.ts';
import { buildMe } from '../auth/me.ts';
import { acceptInvitation } from '../invitations/accept-invitation.ts';
import { declineInvitation } from '../invitations/decline-invitation.ts';
import { listOpenInvitations } from '../invitations/list-open-invitations.ts';
import { type Env, requireSession, validate } from './env.ts';

export const meRoutes = new Hono<Env>()
  .use(requireSession)
  .get('/', (c) => c.json(c.var.signed.me))
  .patch(
    '/',
    validate(
      'json',
      z.object({
        name: RequiredText('auth.name-required', 200).optional(),
        developerMode: z.boolean().optional(),
        settings: UserSettings.partial().optional(),
      }),
    ),
    async (c) => {
      const s = c.var.deps;
      const { name, developerMode, settings } = c.req.valid('json');
      const { me, tokenHash } = c.var.signed;
      const landing = settings?.landingPage;
      if (landing?.includes('//')) throw new AppError('validation', 'general.validation-failed');
      await s.auth.updateUser(me.user.userId, {
        ...(name ? { name } : {}),
        ...(developerMode !== undefined ? { developerMode } : {}),
        ...(settings ? { settings: { ...me.user.settings, ...settings } } : {}),
      });
      forget(tokenHash);
      return c.json(await buildMe(s, tokenHash));
    },
  )
  // Invitations to the signed-in user's address, to accept or decline (the profile screen).
  .get('/invitations', async (c) =>
    c.json({ invitations: await listOpenInvitations(c.var.deps, c.var.signed.me.user.email) }),
  )
  .post('/invitations/:accountId/accept', validate('param', z.object({ accountId: Id })), async (c) => {
    const { me, tokenHash } = c.var.signed;
    await acceptInvitation(c.var.deps, me.user, c.req.valid('param').accountId);
    return c.json(await buildMe(c.var.deps, tokenHash));
  })
  .post('/invitations/:accountId/decline', validate('param', z.object({ accountId: Id })), async (c) => {
    await declineInvitation(c.var.deps, c.var.signed.me.user.email, c.req.valid('param').accountId);
    return c.json({ ok: true });
  })
  .post('/account', validate('json', z.object({ accountId: Id })), async (c) => {
    const { tokenHash, actor } = c.var.signed;
    await switchAccount(c.var.deps, { tokenHash, userId: actor.userId }, c.req.valid('json').accountId);
    return c.json(await buildMe(c.var.deps, tokenHash));
  });
