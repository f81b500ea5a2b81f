import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessages } from '@roundwise/core/messages';
import { describe, expect, it } from 'vitest';
import { importEdges, reachable, sourceFiles } from '../../../scripts/check/import-graph.ts';
import { catalogueFiles, ERRORS, ROOT, SHARED, UNUSED, wordsHomeOf } from './files.ts';

/**
 * The catalogue by area (README.md beside this file): each key sits where the screens that show
 * it get it: an area's folder, a folder of shared components, or the shared file. Where a file names keys: a literal (`'rounds.empty'`, plural forms included) or a
 * template's fixed start (`` `role.${r}` `` names every `role.*`). Core's literals count as shared
 * code (a frequency's text, an access refusal's key).
 */
const files = catalogueFiles();
const home = new Map<string, string>();
for (const [file, strings] of files) for (const key of Object.keys(strings)) home.set(key, file);
const keys = [...home.keys()];

// The catalogue's own tooling names keys as data (the spec's), not as words on a screen.
const sources = [...sourceFiles(ROOT, 'web/src'), ...sourceFiles(ROOT, 'packages/core/src')].filter(
  (f) => !f.startsWith('web/src/locales/'),
);

/** The keys each source file names. */
const named = new Map<string, Set<string>>();
for (const file of sources) {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const found = new Set<string>();
  for (const [, key] of text.matchAll(/['"`]([a-z][a-z0-9_-]*\.[a-zA-Z0-9_.-]+)['"`]/g))
    for (const k of keys) if (k === key || k.startsWith(`${key}_`)) found.add(k);
  for (const [, prefix] of text.matchAll(/`([a-z][a-z0-9_-]*\.[a-zA-Z0-9_.-]*)\$\{/g))
    for (const k of keys) if (k.startsWith(prefix!)) found.add(k);
  if (found.size) named.set(file, found);
}

/**
 * Who names each key: an area's folder or a component folder, or `shared` for the shell, lib,
 * the loose components, routes and core.
 */
const namers = new Map<string, Set<string>>();
for (const [file, found] of named)
  for (const key of found) namers.set(key, (namers.get(key) ?? new Set()).add(wordsHomeOf(file) ?? 'shared'));

/** The keys the web's shared code names (lib/, routes, loose components): what the first screens may show. */
const sharedNamed = new Set(
  [...named]
    .filter(([file]) => file.startsWith('web/') && !wordsHomeOf(file))
    .flatMap(([, found]) => [...found]),
);

/**
 * Where a key belongs: the one folder that names it, else the shared file; unused if nothing does.
 * Error codes wait in the errors file, fetched with the first failure or the first miss
 * (`lib/i18n.ts`), so the entry does not grow with each area's refusals; only those the web's
 * shared code names (offline, a conflict, a general failure) come with the entry.
 */
function placeFor(key: string): string {
  if (key in errorMessages) return sharedNamed.has(key) ? SHARED : ERRORS;
  const by = namers.get(key);
  if (by && (by.size > 1 || by.has('shared'))) return SHARED;
  if (!by) return UNUSED;
  return `${[...by][0]}en-GB.json`;
}

describe('the catalogue by area', () => {
  it('holds each key in the file its screens load: its area, shared, or unused', () => {
    const misplaced = keys
      .filter((key) => home.get(key) !== placeFor(key))
      .map((key) => `${key}: in ${home.get(key)}, belongs in ${placeFor(key)}`);
    expect(misplaced).toEqual([]);
  });

  it("loads a folder's words wherever its modules name them (the folder's strings.ts)", () => {
    const edges = importEdges(ROOT, sources);
    const missing: string[] = [];
    for (const [file, found] of named) {
      const folder = wordsHomeOf(file);
      if (!folder || ![...found].some((key) => home.get(key) === `${folder}en-GB.json`)) continue;
      const strings = `${folder}strings.ts`;
      if (!reachable(edges, [file]).has(strings)) missing.push(`${file} (import '${strings}')`);
    }
    expect(missing).toEqual([]);
  });

  it('keeps the shared file, which comes with the entry, to what the shell and several areas use', () => {
    expect(files.get(SHARED)).toBeDefined();
    for (const code of Object.keys(errorMessages)) expect([SHARED, ERRORS], code).toContain(home.get(code));
    // The point of the split: most words are not in the first download.
    expect(Object.keys(files.get(SHARED)!).length).toBeLessThan(keys.length / 3);
  });

  it('fails a misplaced key: an area word in the shared file, a shown key left unused', () => {
    // The rule above, on keys whose namers are known: one area's word, core's word, an unshown one.
    expect(placeFor('rounds.empty')).toBe('web/src/features/rounds/en-GB.json');
    expect(placeFor('frequency.one-off')).toBe(SHARED);
    expect(placeFor('drawer.version')).toBe(UNUSED);
  });
});
