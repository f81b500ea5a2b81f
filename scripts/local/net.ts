import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Loopback only: nothing of the local runtime but the app itself is meant to be reachable. */
export const LOOPBACK = '127.0.0.1';

/** Listens on `port` (0 picks a free one) and resolves with the port actually bound. */
export function listen(server: Server, port: number, host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Closes an HTTP server without waiting for clients' keep-alive sockets to time out (the AWS SDK
 * and fetch keep connections open, which would hold `close()` for seconds).
 */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) return resolve();
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** A loopback port free now (for a child process that must be told its port before it listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    import('node:net').then(({ createServer }) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, LOOPBACK, () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    }, reject);
  });
}
