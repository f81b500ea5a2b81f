import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { specMessages } from '../../web/src/locales/spec-messages.ts';

/**
 * Reads the product spec's message keys and quoted texts into web/src/locales/spec-messages.json,
 * which the catalogue test checks en-GB.json against (so `npm test` needs nothing beside the
 * repository). Run when the spec changes:
 *   npx tsx scripts/spec/extract-messages.ts [--spec ../shared/spec] [--check]
 * `--check` writes nothing and fails when the file is not what the spec gives.
 */
const root = resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    spec: { type: 'string', default: join(root, '..', 'shared', 'spec') },
    check: { type: 'boolean' },
  },
});
const specDir = resolve(values.spec as string);
const target = join(root, 'web', 'src', 'locales', 'spec-messages.json');

if (!existsSync(specDir)) {
  console.error(`No spec at ${specDir}; pass --spec <folder holding 000_*.txt, 001_*.txt, 002_*.txt>.`);
  process.exit(1);
}
const files = readdirSync(specDir)
  .filter((name) => /^\d{3}_.+\.txt$/.test(name))
  .sort();
if (files.length !== 3) {
  console.error(
    `Expected the three spec documents 000_*.txt, 001_*.txt, 002_*.txt in ${specDir}; found ${files.length}.`,
  );
  process.exit(1);
}
const docs = new Map(
  files.map((file) => [file.slice(0, 3), { file, text: readFileSync(join(specDir, file), 'utf8') }]),
);
const data = specMessages(docs);

if (values.check) {
  const current = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : undefined;
  if (!isDeepStrictEqual(current, data)) {
    console.error(`${target} is not what the spec gives: run this script without --check.`);
    process.exit(1);
  }
  console.log(`${target} matches the spec.`);
} else {
  writeFileSync(target, `${JSON.stringify(data, null, 2)}\n`);
  // In the repository's format, so `biome check` passes.
  execFileSync('npx', ['biome', 'format', '--write', target], { cwd: root, stdio: 'ignore' });
  console.log(`Wrote ${target}.`);
}
