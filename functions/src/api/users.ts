import { Email, Id, Role } from '@roundwise/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { inviteUser } from '../users/invite-user.ts';
import { listUsers } from '../users/list-users.ts';
import { updateMember } from '../users/update-member.ts';
import { type Env, requireRoute, requireSession, validate } from './env.ts';

const Roles = z.array(Role).min(1, 'users.role-required').max(8);

export const usersRoutes = new Hono<Env>()
  .use(requireSession, requireRoute('users'))
  .get('/', async (c) => c.json({ users: await listUsers(c.var.services, c.var.signed.actor) }))
  .post(
    '/invite',
    validate('json', z.object({ email: Email, name: z.string().trim().max(200).default(''), roles: Roles })),
    async (c) => c.json(await inviteUser(c.var.services, c.var.signed.actor, c.req.valid('json')), 201),
  )
  .patch(
    '/:userId',
    validate('param', z.object({ userId: Id })),
    validate('json', z.object({ roles: Roles.optional(), deactivated: z.boolean().optional() })),
    async (c) =>
      c.json(
        await updateMember(
          c.var.services,
          c.var.signed.actor,
          c.req.valid('param').userId,
          c.req.valid('json'),
        ),
      ),
  );
