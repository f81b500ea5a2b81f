import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import {
  isWidgetScript,
  WIDGET_SCRIPT_HEADERS,
  webSecurityHeaders,
} from '../../functions/src/security-headers.ts';

/** Vite's content-hashed output: `assets/<name>-<hash>.<ext>`; safe to cache forever. */
export const isHashedAsset = (path: string) => /^\/assets\/.+[-.][\w-]{8,}\.[a-z0-9]+$/i.test(path);

/**
 * The built web app (`web/dist`): files as they are, hashed assets with immutable cache headers,
 * and every other path without a file extension answered with `index.html` (client-side
 * routes). A missing asset is a plain 404, never the HTML page. `filesOrigin`: the local
 * attachments bucket (s3rver), which the page uploads to and shows files from.
 */
export function webApp(distDir: string, options: { filesOrigin?: string } = {}) {
  const app = new Hono();
  const indexFile = join(distDir, 'index.html');
  // The security headers as CloudFront sends them (stacks/web.ts), for the build being served:
  // the policy hashes its index.html's inline scripts, so it is worked out again after a rebuild.
  let built: { mtimeMs: number; headers: Record<string, string> } | undefined;
  const securityHeaders = () => {
    const mtimeMs = existsSync(indexFile) ? statSync(indexFile).mtimeMs : 0;
    if (built?.mtimeMs !== mtimeMs) {
      const html = mtimeMs ? readFileSync(indexFile, 'utf8') : '';
      built = {
        mtimeMs,
        headers: webSecurityHeaders(html, process.env.VITE_MAP_STYLE_URL, options.filesOrigin),
      };
    }
    return built.headers;
  };
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(securityHeaders())) c.res.headers.set(name, value);
    // The widgets' scripts run on the businesses' own sites, which import their modules.
    if (isWidgetScript(c.req.path)) {
      for (const [name, value] of Object.entries(WIDGET_SCRIPT_HEADERS)) c.res.headers.set(name, value);
    }
  });
  // Checked per request (one stat), so a build finished after the start is served at once.
  app.use('*', async (c, next) => {
    if (existsSync(indexFile)) return next();
    return c.html(
      '<!doctype html><meta charset="utf-8"><title>Roundwise</title><p>The web app is not built yet: run <code>npm run build -w web</code> (or <code>npm start</code>, which builds it).</p><p><a href="/api/health">API health</a></p>',
      503,
      { 'cache-control': 'no-store' },
    );
  });
  // The widgets' files compressed, as CloudFront sends every file (its default): they are what a
  // business's visitor loads over a phone's network, and their benchmark (`portal.*`) measures
  // that network. The staff app's files stay as they were served before.
  const gzip = compress({ encoding: 'gzip' });
  app.use('*', (c, next) => (isWidgetScript(c.req.path) ? gzip(c, next) : next()));
  // serveStatic documents its root as relative to the working directory. Created on first use:
  // it complains on the console when the folder does not exist yet.
  let files: MiddlewareHandler | undefined;
  app.use('*', (c, next) => {
    files ??= serveStatic({
      root: relative(process.cwd(), distDir) || '.',
      onFound: (_path, c) => {
        c.header(
          'cache-control',
          isHashedAsset(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    return files(c, next);
  });
  app.on(['GET', 'HEAD'], '*', async (c) => {
    const last = c.req.path.split('/').pop() ?? '';
    if (last.includes('.')) return c.text('Not found', 404);
    // Read on each request: a rebuild while the runtime runs is picked up.
    return c.html(await readFile(indexFile, 'utf8'), 200, { 'cache-control': 'no-cache' });
  });
  app.all('*', (c) => c.text('Method not allowed', 405));
  return app;
}
