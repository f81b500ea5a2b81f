const { SourceMapConsumer } = require('source-map-js');
const fs = require('fs');
const maps = {};
const lines = fs.readFileSync(0, 'utf8').split('\n');
for (const l of lines) {
  const m = /^\s+(\d+) ms  (.*) ([\w.\-_]+\.js):(\d+):(\d+)$/.exec(l);
  if (!m) { console.log(l); continue; }
  const [, ms, fn, file, line, col] = m;
  const p = `web/dist/assets/${file}.map`;
  if (!(file in maps)) maps[file] = fs.existsSync(p) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(p, 'utf8'))) : null;
  const at = maps[file]?.originalPositionFor({ line: Number(line) + 1, column: Number(col) });
  console.log(`${ms.padStart(7)} ms  ${at?.source ? `${at.name ?? fn} ${at.source.replace(/^.*?(src\/|node_modules\/)/, '$1')}:${at.line}` : `${fn} ${file}`}`);
}
