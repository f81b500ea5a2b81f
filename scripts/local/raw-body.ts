import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { bodyTooLarge, MAX_BODY_BYTES } from '../../functions/src/api/request-guards.ts';

/**
 * Reads a request's body into a Buffer (`rawBody`) before the Hono listener runs, for bodies with a
 * declared length up to the API's limit (1 MiB). `@hono/node-server` then hands the app that buffer
 * instead of wrapping the socket in a web stream (`Readable.toWeb`), which costs every command
 * measurably more on this machine (docs/benchmarks.md). A body declared larger than the limit is
 * refused with 413 before a byte of it is read, and the connection closed. Other requests (GET,
 * chunked) pass straight through; the app's own limit stops a chunked body at the limit.
 */
export function withRawBody(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const length = Number(req.headers['content-length'] ?? Number.NaN);
    if (length > MAX_BODY_BYTES) {
      res.writeHead(413, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(bodyTooLarge), () => req.socket.destroy());
      return;
    }
    if (!(length > 0)) return listener(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      (req as IncomingMessage & { rawBody?: Buffer }).rawBody = Buffer.concat(chunks);
      listener(req, res);
    });
    // A client that goes away mid-body gets no answer; there is nobody to read one.
    req.on('error', () => res.destroy());
  };
}
