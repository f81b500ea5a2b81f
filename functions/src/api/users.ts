import { Email, Id, Role } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { inviteUser } from '../users/invite-user.ts';
import { listInvitations } from '../users/list-invitations.ts';
import { listUsers } from '../users/list-users.ts';
import { securityView } from '../users/security-view.ts';
import { updateInvitation } from '../users/update-invitation.ts';
import { updateMember } from '../users/update-member.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

const Roles = z.array(Role).min(1, 'users.role-required').max(8);
const Patch = z.object({ roles: Roles.optional(), deactivated: z.boolean().optional() });

export const usersRoutes = new Hono<Env>()
  .use(requireSession, requireRoute('users'))
  // Members, and the invitations not yet accepted (only the address, and what the inviter gave).
  .get('/', async (c) => {
    const { deps, signed } = c.var;
    const [users, invitations] = await Promise.all([
      listUsers(deps, signed.actor),
      listInvitations(deps, signed.actor),
    ]);
    return c.json({ users, invitations });
  })
  // The users security view (`users/audit`): Ultimate, or an account switched on for it.
  .get('/security', requireRoute('users-audit'), async (c) =>
    c.json({ users: await securityView(c.var.deps, c.var.signed.actor) }),
  )
  .post(
    '/invite',
    validate('json', z.object({ email: Email, name: z.string().trim().max(200).default(''), roles: Roles })),
    async (c) => c.json(await inviteUser(c.var.deps, c.var.signed.actor, c.req.valid('json')), 201),
  )
  .patch(
    '/invitations/:email',
    validate('param', z.object({ email: Email })),
    validate('json', Patch),
    async (c) =>
      c.json(
        await updateInvitation(
          c.var.deps,
          c.var.signed.actor,
          c.req.valid('param').email,
          c.req.valid('json'),
        ),
      ),
  )
  .patch('/:userId', validate('param', z.object({ userId: Id })), validate('json', Patch), async (c) =>
    c.json(
      await updateMember(c.var.deps, c.var.signed.actor, c.req.valid('param').userId, c.req.valid('json')),
    ),
  );
