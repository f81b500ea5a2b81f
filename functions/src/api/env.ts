import { zValidator } from '@hono/zod-validator';
import { AppError, canNavigate } from '@roundwise/core';
import type { ValidationTargets } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { loadSigned, type Signed } from '../auth/actor.ts';
import { hashSecret, SESSION_COOKIE } from '../auth/tokens.ts';
import type { Deps } from '../context.ts';

export type Env = { Variables: { deps: Deps; signed: Signed } };

/** zod validation for params, query and body; a bad one is a 400 with a message key, nothing changed. */
export const validate = <T extends keyof ValidationTargets, S extends z.ZodType>(target: T, schema: S) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => `${i.path.join('.') || target}: ${i.message}`);
      const first = result.error.issues[0]?.message ?? '';
      const code = /^[a-z-]+(\.[a-z0-9-]+)+$/.test(first) ? first : 'general.validation-failed';
      throw new AppError('validation', code, { issues });
    }
  });

/** A signed-in request: 401 without a live session. */
export const requireSession = createMiddleware<Env>(async (c, next) => {
  const token = getCookie(c, SESSION_COOKIE);
  const signed = token ? await loadSigned(c.var.deps, hashSecret(token)) : undefined;
  if (!signed) throw new AppError('unauthenticated', 'auth.unauthenticated');
  c.set('signed', signed);
  await next();
});

/** The route table guards the API exactly as it guards the screens. */
export const requireRoute = (name: string) =>
  createMiddleware<Env>(async (c, next) => {
    const result = canNavigate(c.var.signed.actor, name);
    if (!result.ok) throw result.error;
    await next();
  });
