import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/** Bodies up to this size are read before the app sees the request (API bodies are small JSON). */
const MAX_BUFFERED = 1024 * 1024;

/**
 * Reads a request's body into a Buffer (`rawBody`) before the Hono listener runs, for bodies with a
 * declared length up to 1 MiB. `@hono/node-server` then hands the app that buffer instead of
 * wrapping the socket in a web stream (`Readable.toWeb`), which costs every command measurably more
 * on this machine (docs/benchmarks.md). Other requests (GET, chunked, larger) pass straight through.
 */
export function withRawBody(listener: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const length = Number(req.headers['content-length'] ?? Number.NaN);
    if (!(length > 0 && length <= MAX_BUFFERED)) return listener(req, res);
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
