import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { type APIRequestContext, type BrowserContext, request as playwrightRequest } from '@playwright/test';
import { test as base } from './clock';

/**
 * The signal, as the test's own HTTP proxy: every connection the browser makes (the page's, the
 * service worker's, its fetches of `/sw.js` and `/api/sync`, Playwright's `page.request` too) goes
 * through it, and while it is offline it cuts every open connection and drops every new one, as a
 * phone that loses its signal does. Playwright's offline emulation (`context.setOffline`) and
 * request routing cover the page but not the service worker's own requests: a test could pass
 * that a real device would fail. Chromium is told to proxy localhost too (Playwright adds
 * `<-loopback>` to the bypass list for a proxied context).
 */
export class OfflineProxy {
  private offline = false;
  private readonly sockets = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OfflineProxy> {
    const server = createServer();
    const proxy = new OfflineProxy(server);
    server.on('connection', (socket) => proxy.track(socket));
    server.on('request', (req, res) => {
      if (proxy.offline) return req.socket.destroy();
      const target = new URL(req.url ?? '/');
      const headers = { ...req.headers };
      delete headers['proxy-connection'];
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: `${target.pathname}${target.search}`,
          headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('socket', (socket) => proxy.track(socket));
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    // Tunnels (CONNECT): none of the app's traffic needs one, but a browser may open them.
    server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
      if (proxy.offline) return client.destroy();
      const [host, port] = (req.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      proxy.track(upstream);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** `http://127.0.0.1:<port>`, for Chromium's proxy setting. */
  get url(): string {
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('the proxy is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Loses the signal (every open connection is cut) or gets it back. */
  setOffline(offline: boolean): void {
    this.offline = offline;
    if (offline) for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.setOffline(true);
    await new Promise((resolve) => this.server.close(resolve));
  }

  private track(socket: Socket): void {
    if (this.offline) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }
}

/**
 * No signal: the proxy drops everything, and the page is told it is offline (as a phone's is, so
 * the app's offline state and `online` event behave as on a device).
 */
export async function goOffline(proxy: OfflineProxy, context: BrowserContext): Promise<void> {
  proxy.setOffline(true);
  await context.setOffline(true);
}

export async function goOnline(proxy: OfflineProxy, context: BrowserContext): Promise<void> {
  proxy.setOffline(false);
  await context.setOffline(false);
}

/**
 * The server as someone online sees it, with the cookies given (a page's, or another request
 * context's), not through the proxy: Playwright gives every request context of a test the test's
 * context options, the proxy included, unless one is named.
 */
export function directRequest(
  baseURL: string | undefined,
  cookies: Awaited<ReturnType<BrowserContext['cookies']>>,
): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, proxy: undefined, storageState: { cookies, origins: [] } });
}

/** The signal of the test's page (`context`). */
export interface Signal {
  goOffline(): Promise<void>;
  goOnline(): Promise<void>;
  /** The server as a colleague online sees it: the page's cookies, not through the proxy. */
  server(): Promise<APIRequestContext>;
}

/**
 * `test` with the browser's contexts behind an `OfflineProxy` (one per worker) and a `signal`
 * fixture for the test's page; `offlineProxy` also serves browsers a test opens itself (a
 * persistent profile: `profile.ts`).
 */
export const test = base.extend<{ signal: Signal }, { offlineProxy: OfflineProxy }>({
  offlineProxy: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const proxy = await OfflineProxy.start();
      await use(proxy);
      await proxy.close();
    },
    { scope: 'worker' },
  ],
  proxy: async ({ offlineProxy }, use) => use({ server: offlineProxy.url }),
  signal: async ({ context, offlineProxy, baseURL }, use) => {
    const servers: APIRequestContext[] = [];
    await use({
      goOffline: () => goOffline(offlineProxy, context),
      goOnline: () => goOnline(offlineProxy, context),
      async server() {
        const api = await directRequest(baseURL, await context.cookies());
        servers.push(api);
        return api;
      },
    });
    offlineProxy.setOffline(false);
    for (const api of servers) await api.dispose();
  },
});

export { expect } from '@playwright/test';
