import { Email, Password, RequiredText } from '@roundwise/core';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { forget } from '../auth/actor.ts';
import { limitMail } from '../auth/limits.ts';
import { login } from '../auth/login.ts';
import { buildMe } from '../auth/me.ts';
import { requestPasswordReset, resetPassword } from '../auth/password-reset.ts';
import { mailVerification, signup } from '../auth/signup.ts';
import { hashSecret, SESSION_COOKIE, SESSION_DAYS } from '../auth/tokens.ts';
import { verifyEmail } from '../auth/verify-email.ts';
import { acceptByLink } from '../invitations/accept-by-link.ts';
import { declineByLink } from '../invitations/decline-invitation.ts';
import { readInvitation } from '../invitations/read-invitation.ts';
import { clientAddress } from './edge.ts';
import { type Env, requireSession, validate } from './env.ts';

const Name = RequiredText('auth.name-required', 200);
const Token = z.object({ token: z.string().min(10).max(200) });

export function authRoutes(secureCookies: boolean) {
  /**
   * The cookie is set only once the new session's `me` is built: a request refused on the way
   * (a deactivated membership, say) answers without one. Max-Age, not Expires: the browser counts
   * the session's 30 days from when it gets the cookie, so a device (or a browser test) whose clock
   * differs from the server's is not signed out at once.
   */
  const signIn = async (c: Context<Env>, session: { token: string; tokenHash: string; expiresAt: Date }) => {
    const me = await buildMe(c.var.deps, session.tokenHash);
    setCookie(c, SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: secureCookies,
      path: '/',
      maxAge: SESSION_DAYS * 86_400,
    });
    return me;
  };

  return (
    new Hono<Env>()
      .post(
        '/signup',
        validate('json', z.object({ email: Email, password: Password, name: Name, businessName: Name })),
        async (c) => {
          const session = await signup(c.var.deps, { ...c.req.valid('json'), ip: clientAddress(c) });
          return c.json(await signIn(c, session), 201);
        },
      )
      .post(
        '/login',
        validate('json', z.object({ email: Email, password: z.string().min(1).max(200) })),
        async (c) => {
          const { email, password } = c.req.valid('json');
          const session = await login(c.var.deps, {
            email,
            password,
            ip: clientAddress(c),
            userAgent: c.req.header('user-agent'),
          });
          return c.json(await signIn(c, session));
        },
      )
      .post('/logout', async (c) => {
        const token = getCookie(c, SESSION_COOKIE);
        if (token) {
          await c.var.deps.auth.deleteSession(hashSecret(token));
          forget(hashSecret(token));
        }
        deleteCookie(c, SESSION_COOKIE, { path: '/' });
        return c.json({ ok: true });
      })
      .post('/verify-email', validate('json', Token), async (c) => {
        await verifyEmail(c.var.deps, c.req.valid('json').token);
        return c.json({ ok: true });
      })
      .post('/resend-verification', requireSession, async (c) => {
        const { user } = c.var.signed.me;
        if (user.emailVerified) return c.json({ ok: true, alreadyVerified: true });
        await limitMail(c.var.deps, 'verify', user.email);
        await mailVerification(c.var.deps, user.userId, user.email, user.name);
        return c.json({ ok: true });
      })
      .post('/password-reset/request', validate('json', z.object({ email: Email })), async (c) => {
        await requestPasswordReset(c.var.deps, c.req.valid('json').email);
        return c.json({ ok: true }, 202);
      })
      .post('/password-reset/confirm', validate('json', Token.extend({ password: Password })), async (c) => {
        await resetPassword(c.var.deps, c.req.valid('json'));
        return c.json({ ok: true });
      })
      // What an invitation link offers, for its page; only the link's holder (the mailbox) asks.
      .post('/invitation', validate('json', Token), async (c) => {
        const s = c.var.deps;
        const { invitation, businessName } = await readInvitation(s, c.req.valid('json').token);
        const hasAccount = (await s.auth.getUserByEmail(invitation.email)) !== undefined;
        return c.json({ businessName, email: invitation.email, roles: invitation.roles, hasAccount });
      })
      .post(
        '/accept-invite',
        validate('json', Token.extend({ password: Password, name: Name.optional() })),
        async (c) => {
          const session = await acceptByLink(c.var.deps, {
            ...c.req.valid('json'),
            ip: clientAddress(c),
          });
          return c.json(await signIn(c, session));
        },
      )
      .post('/decline-invite', validate('json', Token), async (c) => {
        await declineByLink(c.var.deps, c.req.valid('json').token);
        return c.json({ ok: true });
      })
  );
}
