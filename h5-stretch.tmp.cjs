// Long busy stretches of a CPU profile and what ran in them (source-mapped).
const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs');
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const maps = {};
const name = (f) => {
  const file = f.url.split('/').pop();
  const mp = `web/dist/assets/${file}.map`;
  if (!(file in maps)) maps[file] = fs.existsSync(mp) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mp, 'utf8'))) : null;
  const at = maps[file]?.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber });
  return at?.source ? `${at.name ?? f.functionName} ${at.source.replace(/^.*?(src\/|node_modules\/)/, '$1')}:${at.line}` : `${f.functionName || '(anon)'} ${file || ''}`;
};
let t = p.startTime;
const samples = p.samples.map((id, i) => ((t += p.timeDeltas[i]), { id, t }));
const idle = (id) => byId.get(id)?.callFrame.functionName === '(idle)';
let start = null;
const stretches = [];
for (let i = 0; i < samples.length; i++) {
  const s = samples[i];
  if (!idle(s.id)) { if (start === null) start = i; }
  else if (start !== null) { stretches.push([start, i]); start = null; }
}
for (const [a, b] of stretches) {
  const ms = (samples[b].t - samples[a].t) / 1000;
  if (ms < Number(process.argv[3] ?? 300)) continue;
  const self = new Map(); const incl = new Map();
  for (let i = a; i < b; i++) {
    const f = byId.get(samples[i].id).callFrame; const k = name(f);
    self.set(k, (self.get(k) ?? 0) + 1);
    const seen = new Set();
    for (let id = samples[i].id; id !== undefined; id = parent.get(id)) { const k2 = name(byId.get(id).callFrame); if (!seen.has(k2)) { seen.add(k2); incl.set(k2, (incl.get(k2) ?? 0) + 1); } }
  }
  console.log(`--- busy ${Math.round(ms)} ms at ${Math.round((samples[a].t - p.startTime) / 1000)} ms`);
  console.log('  self:', [...self].sort((x, y) => y[1] - x[1]).slice(0, 6).map(([k, v]) => `${k} ${Math.round(v * (ms / (b - a)))}`).join(' | '));
  console.log('  incl:', [...incl].sort((x, y) => y[1] - x[1]).slice(0, 12).map(([k, v]) => `${k} ${Math.round(v * (ms / (b - a)))}`).join(' | '));
}
