import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../web/e2e/chromium.ts';
import { generate } from '../seed/generate.ts';
import { percentile } from './lib.ts';

/**
 * An experiment, not a figure: how fast Chromium gives back the town data set (about 40,000
 * entities) from the browser's storage in different shapes, on a page reloaded between the write
 * and the read (a fresh JavaScript heap, as on an app start). Each strategy is timed from the start
 * of the read to every entity being a JavaScript object on the main thread.
 *   npx tsx scripts/bench/restore-experiment.ts [runs] [strategy ...]
 * Findings are in docs/benchmarks.md ("The offline start"). SAVE=1 also times writing the visits value.
 */
const runs = Number(process.argv[2] ?? 5);
const only = process.argv.slice(3);

const dataset = await generate('town', { accountId: 'acct-town', today: '2026-11-01' });
// The shape the cache holds: one `{ byId, gone }` per entity type.
const sets: Record<string, { byId: Record<string, unknown>; gone: Record<string, number> }> = {};
for (const [type, list] of Object.entries(dataset.entities)) {
  const byId: Record<string, unknown> = {};
  for (const e of list as { _id: string }[]) byId[e._id] = e;
  sets[type] = { byId, gone: {} };
}
const total = Object.values(sets).reduce((n, s) => n + Object.keys(s.byId).length, 0);
const json = JSON.stringify(sets);
console.log(`${total} entities, ${(json.length / 1e6).toFixed(1)} MB of JSON`);

/** The page's own code: writers and readers per strategy. Runs in the browser. */
const PAGE = `<!doctype html><html><body><script>
const CHUNK = 2000;
const open = (name, stores) => new Promise((res, rej) => {
  const r = indexedDB.open(name, 1);
  r.onupgradeneeded = () => { for (const s of stores) r.result.createObjectStore(s); };
  r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error);
});
const done = (tx) => new Promise((res, rej) => { tx.oncomplete = res; tx.onerror = () => rej(tx.error); tx.onabort = () => rej(tx.error); });
const req = (r) => new Promise((res, rej) => { r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
const chunksOf = (set) => {
  const ids = Object.keys(set.byId); const out = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const byId = {}; for (const id of ids.slice(i, i + CHUNK)) byId[id] = set.byId[id];
    out.push({ byId, gone: i === 0 ? set.gone : {} });
  }
  if (out.length === 0) out.push({ byId: {}, gone: set.gone });
  return out;
};
const merge = (parts) => { const byId = {}; const gone = {}; for (const p of parts) { Object.assign(byId, p.byId); Object.assign(gone, p.gone); } return { byId, gone }; };
const enc = new TextEncoder();
const columns = (set) => {
  const shapes = new Map();
  for (const e of Object.values(set.byId)) {
    const keys = Object.keys(e); const id = keys.join(',');
    let g = shapes.get(id); if (!g) shapes.set(id, (g = { keys, rows: [] }));
    g.rows.push(keys.map((k) => e[k]));
  }
  return { shapes: [...shapes.values()], gone: set.gone };
};
const dictColumns = (set) => {
  const c = columns(set);
  return { gone: c.gone, shapes: c.shapes.map((g) => ({ keys: g.keys, n: g.rows.length, cols: g.keys.map((_, k) => {
    const col = g.rows.map((r) => r[k]);
    if (!col.every((x) => typeof x === 'string')) return { v: col };
    const d = [...new Set(col)];
    if (d.length > col.length / 2) return { v: col };
    const at = new Map(d.map((x, i) => [x, i]));
    return { d, i: col.map((x) => at.get(x)) };
  }) })) };
};
const fromDictColumns = (v) => {
  const byId = {};
  for (const g of v.shapes) {
    const cols = g.cols.map((c) => c.v ?? c.i.map((i) => c.d[i]));
    const idCol = cols[g.keys.indexOf('_id')];
    for (let r = 0; r < g.n; r++) { const o = {}; for (let k = 0; k < g.keys.length; k++) o[g.keys[k]] = cols[k][r]; byId[idCol[r]] = o; }
  }
  return { byId, gone: v.gone };
};
const shapeRows = (set) => {
  const shapes = []; const at = new Map(); const rows = [];
  for (const e of Object.values(set.byId)) {
    const keys = Object.keys(e); const id = keys.join(','); let i = at.get(id);
    if (i === undefined) { i = shapes.push(keys) - 1; at.set(id, i); }
    rows.push([i, ...keys.map((k) => e[k])]);
  }
  return { shapes, rows, gone: set.gone };
};
const fromShapeRows = (v) => {
  const idAt = v.shapes.map((k) => k.indexOf('_id') + 1); const byId = {};
  for (const row of v.rows) { const keys = v.shapes[row[0]]; const o = {}; for (let k = 0; k < keys.length; k++) o[keys[k]] = row[k + 1]; byId[row[idAt[row[0]]]] = o; }
  return { byId, gone: v.gone };
};
const makers = new Map();
const maker = (keys) => {
  const id = keys.join(','); let m = makers.get(id);
  if (!m) { m = new Function('r', 'return {' + keys.map((k, i) => JSON.stringify(k) + ': r[' + i + ']').join(', ') + '};'); makers.set(id, m); }
  return m;
};
const fromColumns = (v, literal) => {
  const byId = {};
  for (const g of v.shapes) {
    const idAt = g.keys.indexOf('_id');
    if (literal) { const make = maker(g.keys); for (const r of g.rows) byId[r[idAt]] = make(r); }
    else for (const r of g.rows) { const o = {}; for (let k = 0; k < g.keys.length; k++) o[g.keys[k]] = r[k]; byId[r[idAt]] = o; }
  }
  return { byId, gone: v.gone };
};
const byIdOf = (v) => { const byId = {}; for (const e of v.list) byId[e._id] = e; return { byId, gone: v.gone }; };
const S = {
  // One structured-cloned value per type (today's persister).
  clone: {
    async write(sets) { const db = await open('clone', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put({ queryKey: ['entities', 'a', t], state: { data: s } }, t); await done(tx); },
    async read() { const db = await open('clone', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const keys = await req(st.getAllKeys()); const vals = await Promise.all(keys.map((k) => req(st.get(k)))); return Object.fromEntries(vals.map((v, i) => [keys[i], v.state.data])); },
  },
  // Structured clone, the types cut in chunks of 2,000 entities, read with one getAll.
  chunks: {
    async write(sets) { const db = await open('chunks', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) chunksOf(s).forEach((c, i) => tx.objectStore('kv').put(c, [t, i])); await done(tx); },
    async read() { const db = await open('chunks', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); const by = {}; keys.forEach((k, i) => (by[k[0]] ??= []).push(vals[i])); return Object.fromEntries(Object.entries(by).map(([t, p]) => [t, merge(p)])); },
  },
  // The entities as arrays (no ids as keys), structured clone; byId rebuilt after.
  clonearr: {
    async write(sets) { const db = await open('clonearr', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put({ list: Object.values(s.byId), gone: s.gone }, t); await done(tx); },
    async read() { const db = await open('clonearr', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], byIdOf(v)])); },
  },
  // JSON strings of entity arrays per type; byId rebuilt after.
  jsonarr: {
    async write(sets) { const db = await open('jsonarr', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(JSON.stringify({ list: Object.values(s.byId), gone: s.gone }), t); await done(tx); },
    async read() { const db = await open('jsonarr', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], byIdOf(JSON.parse(v))])); },
  },
  // JSON string per chunk of 2,000, each chunk read by its own get so parsing interleaves with reading.
  jsonchunks: {
    async write(sets) { const db = await open('jsonchunks', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) chunksOf(s).forEach((c, i) => tx.objectStore('kv').put(JSON.stringify(c), [t, i])); await done(tx); },
    async read() { const db = await open('jsonchunks', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const keys = await req(st.getAllKeys()); const parts = await Promise.all(keys.map((k) => req(st.get(k)).then(JSON.parse))); const by = {}; keys.forEach((k, i) => (by[k[0]] ??= []).push(parts[i])); return Object.fromEntries(Object.entries(by).map(([t, p]) => [t, merge(p)])); },
  },
  // Columns: per type, the entities grouped by shape (their keys in order), each a row of values;
  // objects rebuilt by a function made per shape (an object literal), structured clone.
  colclone: {
    async write(sets) { const db = await open('colclone', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(columns(s), t); await done(tx); },
    async read() { const db = await open('colclone', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], fromColumns(v, true)])); },
  },
  // The same as JSON text.
  coljson: {
    async write(sets) { const db = await open('coljson', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(JSON.stringify(columns(s)), t); await done(tx); },
    async read() { const db = await open('coljson', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], fromColumns(JSON.parse(v), true)])); },
  },
  // Columns as JSON, objects rebuilt by a loop over the keys.
  colloop: {
    async write(sets) { return S.coljson.write(sets); },
    async read() { const db = await open('coljson', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], fromColumns(JSON.parse(v), false)])); },
  },
  // Column-major, string columns with few distinct values as a dictionary and indices, JSON text.
  coldict: {
    async write(sets) { const db = await open('coldict', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(JSON.stringify(dictColumns(s)), t); await done(tx); },
    async read() { const db = await open('coldict', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], fromDictColumns(JSON.parse(v))])); },
  },
  // The app's layout (web/src/lib/sync/entity-codec.ts): rows in order, each led by its shape's index.
  shaperows: {
    async write(sets) { const db = await open('shaperows', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(JSON.stringify(shapeRows(s)), t); await done(tx); },
    async read() { const db = await open('shaperows', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], fromShapeRows(JSON.parse(v))])); },
  },
  // One record per entity, one getAll.
  records: {
    async write(sets) { const db = await open('records', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) for (const [id, e] of Object.entries(s.byId)) tx.objectStore('kv').put(e, [t, id]); await done(tx); },
    async read() { const db = await open('records', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); const out = {}; keys.forEach((k, i) => ((out[k[0]] ??= { byId: {}, gone: {} }).byId[k[1]] = vals[i])); return out; },
  },
  // A JSON string per type.
  json: {
    async write(sets) { const db = await open('json', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(JSON.stringify(s), t); await done(tx); },
    async read() { const db = await open('json', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); return Object.fromEntries(vals.map((v, i) => [keys[i], JSON.parse(v)])); },
  },
  // JSON as UTF-8 bytes in a Blob per type: IndexedDB keeps blobs as files; text() decodes off the main thread.
  blob: {
    async write(sets) { const db = await open('blob', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(new Blob([JSON.stringify(s)], { type: 'application/json' }), t); await done(tx); },
    async read() { const db = await open('blob', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); const texts = await Promise.all(vals.map((b) => b.text())); return Object.fromEntries(texts.map((x, i) => [keys[i], JSON.parse(x)])); },
  },
  // JSON bytes in an ArrayBuffer per type (structured clone of a byte array), TextDecoder + JSON.parse.
  bytes: {
    async write(sets) { const db = await open('bytes', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) tx.objectStore('kv').put(enc.encode(JSON.stringify(s)).buffer, t); await done(tx); },
    async read() { const db = await open('bytes', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); const dec = new TextDecoder(); return Object.fromEntries(vals.map((b, i) => [keys[i], JSON.parse(dec.decode(b))])); },
  },
  // Blob per chunk of 2,000: parsing can start while other chunks still load.
  blobchunks: {
    async write(sets) { const db = await open('blobchunks', ['kv']); const tx = db.transaction('kv', 'readwrite'); for (const [t, s] of Object.entries(sets)) chunksOf(s).forEach((c, i) => tx.objectStore('kv').put(new Blob([JSON.stringify(c)]), [t, i])); await done(tx); },
    async read() { const db = await open('blobchunks', ['kv']); const tx = db.transaction('kv'); const st = tx.objectStore('kv'); const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]); const parts = await Promise.all(vals.map((b) => b.text().then(JSON.parse))); const by = {}; keys.forEach((k, i) => (by[k[0]] ??= []).push(parts[i])); return Object.fromEntries(Object.entries(by).map(([t, p]) => [t, merge(p)])); },
  },
  // One OPFS file per type.
  opfs: {
    async write(sets) { const root = await navigator.storage.getDirectory(); for (const [t, s] of Object.entries(sets)) { const f = await root.getFileHandle('t-' + t, { create: true }); const w = await f.createWritable(); await w.write(JSON.stringify(s)); await w.close(); } },
    async read() { const root = await navigator.storage.getDirectory(); const out = {}; await Promise.all(Object.keys(window.TYPES).map(async (t) => { const f = await (await root.getFileHandle('t-' + t)).getFile(); out[t] = JSON.parse(await f.text()); })); return out; },
  },
  // Blob per type, read and parsed in a worker, handed to the main thread by postMessage (structured clone again).
  worker: {
    async write(sets) { return S.blob.write(sets); },
    async read() { const w = new Worker('/worker.js'); return new Promise((res) => { w.onmessage = (e) => { res(e.data); w.terminate(); }; w.postMessage('read'); }); },
  },
};
window.S = S;
</script></body></html>`;

const WORKER = `
const open = (name) => new Promise((res, rej) => { const r = indexedDB.open(name, 1); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
const req = (r) => new Promise((res, rej) => { r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
onmessage = async () => {
  const db = await open('blob'); const st = db.transaction('kv').objectStore('kv');
  const [keys, vals] = await Promise.all([req(st.getAllKeys()), req(st.getAll())]);
  const texts = await Promise.all(vals.map((b) => b.text()));
  postMessage(Object.fromEntries(texts.map((x, i) => [keys[i], JSON.parse(x)])));
};`;

const strategies = [
  'clone',
  'colclone',
  'coljson',
  'colloop',
  'coldict',
  'shaperows',
  'chunks',
  'clonearr',
  'jsonarr',
  'jsonchunks',
  'records',
  'json',
  'blob',
  'bytes',
  'blobchunks',
  'opfs',
  'worker',
].filter((s) => only.length === 0 || only.includes(s));

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route('http://localhost:4399/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/worker.js') return route.fulfill({ body: WORKER, contentType: 'text/javascript' });
    return route.fulfill({ body: PAGE, contentType: 'text/html' });
  });
  await page.goto('http://localhost:4399/');
  for (const s of strategies) {
    const t = await page.evaluate(
      async ([s, json]) => {
        const t0 = performance.now();
        const sets = JSON.parse(json);
        (window as never as { TYPES: unknown }).TYPES = sets;
        await (window as never as { S: Record<string, { write(x: unknown): Promise<void> }> }).S[s]!.write(
          sets,
        );
        return performance.now() - t0;
      },
      [s, json] as const,
    );
    console.log(`wrote ${s} in ${t.toFixed(0)} ms`);
  }
  // The save side: one write of the largest type (the visits) after a change, as the persister
  // does at most once a second: the main thread's share (encoding, and the put's serialising) and
  // the whole until the transaction commits.
  if (process.env.SAVE) {
    for (const s of strategies) {
      const { sync, total } = await page.evaluate(async (s) => {
        const w = window as never as {
          TYPES: Record<string, unknown>;
          S: Record<string, { write(x: unknown): Promise<void> }>;
        };
        const visits = { visit: w.TYPES.visit };
        const sync: number[] = [];
        const total: number[] = [];
        for (let i = 0; i < 7; i++) {
          const t0 = performance.now();
          const done = w.S[s]!.write(visits);
          sync.push(performance.now() - t0);
          await done;
          total.push(performance.now() - t0);
        }
        sync.sort((x, y) => x - y);
        total.sort((x, y) => x - y);
        return { sync: sync[3]!, total: total[3]! };
      }, s);
      console.log(
        `save visits ${s.padEnd(11)} main thread ${sync.toFixed(0)} ms, until committed ${total.toFixed(0)} ms`,
      );
    }
  }
  const types = Object.fromEntries(Object.keys(sets).map((t) => [t, 1]));
  const times: Record<string, number[]> = Object.fromEntries(strategies.map((s) => [s, []]));
  for (let r = 0; r < runs; r++) {
    for (const s of strategies) {
      await page.reload();
      const { ms, count } = await page.evaluate(
        async ([s, types]) => {
          const w = window as never as { TYPES: unknown; S: Record<string, { read(): Promise<unknown> }> };
          w.TYPES = types;
          await new Promise((r) => setTimeout(r, 50));
          const t0 = performance.now();
          const out = (await w.S[s]!.read()) as Record<string, { byId: object }>;
          const ms = performance.now() - t0;
          return { ms, count: Object.values(out).reduce((n, x) => n + Object.keys(x.byId).length, 0) };
        },
        [s, types] as const,
      );
      if (count !== total) throw new Error(`${s} read ${count} of ${total}`);
      times[s]!.push(ms);
    }
  }
  for (const s of strategies) {
    const t = times[s]!;
    console.log(
      `${s.padEnd(11)} median ${percentile(t, 50).toFixed(0)} ms   runs ${t.map((x) => x.toFixed(0)).join(', ')}`,
    );
  }
} finally {
  await browser.close();
}
