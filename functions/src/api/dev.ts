import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, Notifications } from '@roundwise/core';
import { EntityRepository } from '@roundwise/db';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import { z } from 'zod';
import type { DevSinks } from '../deps.ts';
import { type Env, requireSession, validate } from './env.ts';

const STYLE =
  'body{font:15px system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#0f172a}h1{font-size:1.4rem}article{border:1px solid #e2e8f0;border-radius:.5rem;padding:1rem;margin:.75rem 0}small{color:#64748b}pre{white-space:pre-wrap;font:inherit}a{color:#2563eb}';
/** The page's policy: its one inline style by hash, links out, nothing else; never framed. */
const PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

const LOCAL_REMOTE_SUPPORT_SCRIPT = `(() => {
  const config = window.RoundwiseRemoteSupport || { maskSelectors: [] };
  const masked = (el) => config.maskSelectors.some((s) => el.closest(s));
  config.shared = () => {
    const parts = [];
    const walk = (node) => {
      if (node.nodeType === 1 && masked(node)) return parts.push('[hidden]');
      if (node.nodeType === 3) parts.push(node.textContent);
      if (node.nodeType === 1 && (node.tagName === 'INPUT' || node.tagName === 'TEXTAREA')) parts.push(node.value);
      node.childNodes.forEach(walk);
    };
    walk(document.body);
    return parts.join(' ').replace(/\\s+/g, ' ');
  };
  window.RoundwiseRemoteSupport = config;
  document.documentElement.dataset.remoteSupport = 'connected';
})();
`;

/**
 * Local runtime only: the mails caught by the SMTP sink, so a person can open a verification or
 * reset link without a real mailbox. Never mounted in production (no mail folder there).
 */
export function devRoutes(mailDir: string, sinks?: DevSinks) {
  return (
    new Hono<Env>()
      // The customer answers one of our messages (spec: replies land in the inbox and the thread):
      // the local SMS provider or the mail side calls the signed webhook, as a real provider would.
      .post(
        '/reply',
        requireSession,
        validate(
          'json',
          z.object({ notificationId: z.string().min(1).max(64), text: z.string().min(1).max(2000) }),
        ),
        async (c) => {
          if (!sinks) throw new AppError('not-found', 'general.not-found');
          const { notificationId, text } = c.req.valid('json');
          const { accountId } = c.var.signed.actor;
          const n = await new EntityRepository(c.var.deps.db, accountId).get<Notifications.Notification>(
            'notification',
            notificationId,
          );
          if (!n || (n.type !== 'Email' && n.type !== 'SMS') || !n.sent) {
            throw new AppError('not-found', 'notification.not-found');
          }
          await sinks.reply(n.type, Notifications.deliveryId(accountId, n), n.address, text);
          return c.json({ ok: true });
        },
      )
      // A business mailbox of its own on the local IMAP server (two-way email's tests), and a
      // customer's mail put in it as the mail system would deliver it.
      .post('/mailbox', requireSession, async (c) => {
        if (!sinks?.mailboxes) throw new AppError('not-found', 'general.not-found');
        return c.json(await sinks.mailboxes.add());
      })
      .get('/mailbox/:user', requireSession, async (c) => {
        if (!sinks?.mailboxes) throw new AppError('not-found', 'general.not-found');
        return c.json({ messages: await sinks.mailboxes.messages(c.req.param('user')) });
      })
      .post(
        '/mailbox/deliver',
        requireSession,
        validate('json', z.object({ user: z.string().min(1).max(320), raw: z.string().min(1).max(100_000) })),
        async (c) => {
          if (!sinks?.mailboxes) throw new AppError('not-found', 'general.not-found');
          const { user, raw } = c.req.valid('json');
          await sinks.mailboxes.deliver(user, raw);
          return c.json({ ok: true });
        },
      )
      .get('/sms', (c) => c.json({ messages: sinks?.sms() ?? [] }))
      // The remote-support provider's stand-in (docs/remote-support.md): it shows that it runs
      // and answers what an agent would be shown, with the masked fields left out.
      .get('/remote-support.js', (c) =>
        c.body(LOCAL_REMOTE_SUPPORT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' }),
      )
      // The simulated providers' time moves on (mandates activate, payments pay out) and their
      // webhooks waiting now are sent: what days of a real provider look like, in a moment.
      .post(
        '/payments/advance',
        requireSession,
        validate('json', z.object({ days: z.number().min(0).max(60) })),
        async (c) => {
          const sims = sinks?.payments;
          if (!sims) throw new AppError('not-found', 'general.not-found');
          const ms = c.req.valid('json').days * 86_400_000;
          for (const sim of [sims.directDebit, sims.card]) {
            await sim.advance(ms);
            await sim.flush();
          }
          return c.json({ ok: true });
        },
      )
      // What will happen to the provider payment of one of this account's transactions.
      .post(
        '/payments/plan',
        requireSession,
        validate(
          'json',
          z.object({
            transactionId: z.string().min(1).max(200),
            outcome: z.enum(['paid', 'failure', 'late-failure', 'chargeback']),
          }),
        ),
        async (c) => {
          const { transactionId, outcome } = c.req.valid('json');
          const { accountId } = c.var.signed.actor;
          for (const sim of Object.values(sinks?.payments ?? {})) {
            const p = sim
              .payments()
              .find((x) => x.metadata.accountId === accountId && x.metadata.transactionId === transactionId);
            if (p) {
              sim.plan(p.id, outcome);
              return c.json({ ok: true, providerId: p.id });
            }
          }
          throw new AppError('not-found', 'payments.no-payment-found');
        },
      )
      .get('/mail', async (c) => {
        const files = (await readdir(mailDir).catch(() => []))
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        const mails = await Promise.all(
          files.slice(0, 200).map(async (f) => ({ f, ...parse(await readFile(join(mailDir, f), 'utf8')) })),
        );
        if (c.req.header('accept')?.includes('application/json'))
          return c.json({
            mails: mails.map(({ f, from, replyTo, to, subject, date, text, links }) => ({
              id: f,
              from,
              replyTo,
              to,
              subject,
              date,
              text,
              links,
            })),
          });
        c.header('content-security-policy', PAGE_CSP);
        return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mail sink · Roundwise</title>
<style>${raw(STYLE)}</style></head>
<body><h1>Mail sink</h1><p><small>Mails the local runtime sent, newest first (${mails.length}). Development only.</small></p>
${mails.length === 0 ? html`<p>No mail yet.</p>` : ''}
${mails.map((m) => html`<article><b>${m.subject}</b><br><small>To ${m.to} · ${m.date}</small><pre>${raw(linkify(m.text))}</pre></article>`)}
</body></html>`);
      })
      .get('/mail/:id', async (c) => {
        const id = c.req.param('id');
        if (!/^[\w.-]+\.eml$/.test(id)) throw new AppError('not-found', 'general.not-found');
        const text = await readFile(join(mailDir, id), 'utf8').catch(() => undefined);
        if (text === undefined) throw new AppError('not-found', 'general.not-found');
        return c.text(text, 200, { 'content-type': 'message/rfc822' });
      })
  );
}

/** Headers and the plain-text part of a nodemailer message, enough to read it and click links. */
export function parse(eml: string) {
  const [head = '', ...rest] = eml.split(/\r?\n\r?\n/);
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, 'im'))?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  const plain =
    body.match(/Content-Type: text\/plain[^\n]*\r?\n(?:[^\n]+\r?\n)*?\r?\n([\s\S]*?)\r?\n--/i)?.[1] ?? body;
  const text = decodeQuotedPrintable(plain).trim();
  const links = [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
  return {
    from: header('From'),
    replyTo: header('Reply-To'),
    to: header('To'),
    subject: header('Subject'),
    date: header('Date'),
    text,
    links,
  };
}

/** Quoted-printable: each run of `=XX` is UTF-8 bytes ("£" is `=C2=A3`), not one character each. */
const decodeQuotedPrintable = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));

const linkify = (text: string) =>
  text
    .replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
    .replace(/https?:\/\/[^\s<>&"]+(?:&#38;[^\s<>&"]+)*/g, (url) => `<a href="${url}">${url}</a>`);
