import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS = join(ROOT, 'bench', 'results.json');

export type Figures = Record<string, { value: number; unit: string }>;

/** Merges figures into bench/results.json (other benchmarks, e.g. the web's, add their own). */
export async function saveFigures(figures: Figures) {
  const current = existsSync(RESULTS) ? (JSON.parse(await readFile(RESULTS, 'utf8')) as Figures) : {};
  await mkdir(dirname(RESULTS), { recursive: true });
  await writeFile(RESULTS, `${JSON.stringify({ ...current, ...figures }, null, 2)}\n`);
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface Started {
  child: ChildProcess;
  url: string;
  readyMs: number;
  /** What the runtime itself reports (from process start). */
  reportedMs: number;
  stop(): Promise<number>;
}

/** Runs `npm start`'s script as a person would, and times it to the ready line. */
export function startRoundwise(dataDir: string): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/setup/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', ROUNDWISE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/Roundwise ready in (\d+) ms at (http:\/\/\S+)/);
      if (!m) return;
      child.stdout?.off('data', onData);
      const readyMs = performance.now() - t0;
      resolvePromise({
        child,
        url: m[2]!,
        readyMs,
        reportedMs: Number(m[1]),
        stop: () =>
          new Promise((done) => {
            const s = performance.now();
            child.once('exit', () => done(performance.now() - s));
            child.kill('SIGINT');
          }),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', (code) => reject(new Error(`Roundwise exited (${code}) before ready:\n${output}`)));
  });
}

/**
 * CPU time (ms, user + system, every thread) used so far by the runtime that `startRoundwise`
 * started: `start.mjs` runs it as its child process. Unlike wall time it hardly depends on what
 * else the machine is doing, so it tracks what a request costs. NaN where /proc is missing.
 */
export function runtimeCpuMs(started: Started): number {
  try {
    const parent = started.child.pid;
    const kids = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8').trim().split(/\s+/);
    const pid = kids.find(Boolean);
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A signed-in HTTP caller on one kept-alive connection. */
export class Caller {
  cookie = '';
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  constructor(readonly base: string) {}

  async login(email: string, password: string) {
    const res = await fetch(`${this.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login failed ${res.status} ${await res.text()}`);
    this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    await res.arrayBuffer();
  }

  /** Returns the parsed body, its size, the wall time and the server's own time. */
  async request(method: string, path: string, body?: unknown) {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const t = performance.now();
    const res = await this.send(method, path, payload);
    const wallMs = performance.now() - t;
    const serverMs = Number(
      String(res.headers['server-timing'] ?? '').match(/dur=([\d.]+)/)?.[1] ?? Number.NaN,
    );
    return {
      status: res.status,
      // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads the API's JSON
      json: JSON.parse(res.text) as any,
      bytes: Buffer.byteLength(res.text),
      wallMs,
      serverMs,
    };
  }

  /**
   * One request on a kept-alive `node:http` connection, accepting gzip as a browser does (sync
   * snapshot pages are sent as stored, gzipped). Not `fetch`: Node's fetch (undici's JavaScript
   * implementation) added 0.3-0.4 ms of its own per request on this machine (`GET /api/me` 0.71-0.89
   * against 0.42-0.48 ms), which a browser's native fetch does not, and which was counted against
   * the API. The table floor (`dynamo.put_p50_ms`) goes through the SDK's `node:http` handler too.
   */
  private send(method: string, path: string, payload?: string) {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { cookie: this.cookie, 'accept-encoding': 'gzip' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>((done, fail) => {
      const req = httpRequest(
        {
          agent: this.agent,
          hostname: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method,
          headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
            done({ status: res.statusCode ?? 0, headers: res.headers, text: body.toString('utf8') });
          });
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(payload);
    });
  }
}

/** A full sync through the API, as a device does it: the snapshot's pages if it lists them, then the feed. */
export async function fullSync(
  caller: Caller,
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads the API's JSON
  onChanges?: (changes: { type: string; entity: any }[]) => void,
) {
  let cursor = '';
  let serverMs = 0;
  let bytes = 0;
  let entities = 0;
  let pages = 0;
  let fromSnapshot = false;
  const wallStart = performance.now();
  const take = (page: Awaited<ReturnType<Caller['request']>>) => {
    if (page.status !== 200) throw new Error(`sync ${page.status}`);
    serverMs += page.serverMs;
    bytes += page.bytes;
    entities += page.json.changes.length;
    pages++;
    onChanges?.(page.json.changes);
  };
  for (;;) {
    const page = await caller.request('GET', `/api/sync?cursor=${cursor}`);
    take(page);
    for (const p of (page.json.pages ?? []) as { cursor: string }[]) {
      fromSnapshot = true;
      take(await caller.request('GET', `/api/sync?cursor=${p.cursor}`));
    }
    cursor = page.json.cursor;
    if (!page.json.hasMore) break;
  }
  return { cursor, serverMs, wallMs: performance.now() - wallStart, bytes, entities, pages, fromSnapshot };
}
