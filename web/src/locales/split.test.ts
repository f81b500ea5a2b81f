import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessages } from '@roundwise/core/messages';
import { describe, expect, it } from 'vitest';
import { sourceFiles as graphSources, importEdges, reachable } from '../../../scripts/check/import-graph.ts';
import { catalogueFor, FIRST_SCREEN_AREAS, isFirstScreenKey } from './split.ts';

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, '..');
const catalogue = JSON.parse(readFileSync(join(here, 'en-GB.json'), 'utf8')) as Record<string, string>;

/**
 * The screens that open with only the first part (lib/i18n.ts `stringsFor`): sign-in, the shell
 * and the schedule day. Their source is every file these load, lazily loaded parts included (a
 * menu opened on the first screen must have its text).
 */
const FIRST_SCREEN_ROOTS = [
  'main.tsx',
  'router.tsx',
  'features/auth/components/sign-in-form.tsx',
  'features/auth/components/field.tsx',
  'routes/__root.tsx',
  'routes/_app.tsx',
  'routes/_auth.tsx',
  'routes/_auth/sign-in.tsx',
  'routes/_app/schedule.{-$date}.{-$scheduleItemId}.tsx',
];

function firstScreenSources(): string[] {
  const root = join(src, '..', '..');
  const edges = importEdges(root, graphSources(root, 'web/src'));
  const roots = FIRST_SCREEN_ROOTS.map((f) => `web/src/${f}`);
  return [...reachable(edges, roots)].filter((f) => /\.tsx?$/.test(f)).map((f) => join(root, f));
}

describe('the catalogue split (initial JavaScript)', () => {
  it('puts every key in exactly one part', () => {
    const first = catalogueFor('first-screen', catalogue);
    const rest = catalogueFor('rest', catalogue);
    expect(Object.keys(first).length + Object.keys(rest).length).toBe(Object.keys(catalogue).length);
    expect({ ...first, ...rest }).toEqual(catalogue);
    // The point of the split: most of the catalogue stays out of the first download.
    expect(Object.keys(rest).length).toBeGreaterThan(Object.keys(first).length);
  });

  it('sends every error code with the first part, since an error can show on any screen', () => {
    for (const code of Object.keys(errorMessages)) expect(isFirstScreenKey(code), code).toBe(true);
  });

  it('holds every key the first screens name, literally or by an area prefix', () => {
    const missing: string[] = [];
    for (const file of firstScreenSources()) {
      const text = readFileSync(file, 'utf8');
      for (const [, key] of text.matchAll(/['"`]([a-z][a-z0-9_-]*\.[a-zA-Z0-9_.-]+)['"`]/g)) {
        if (key! in catalogue && !isFirstScreenKey(key!)) missing.push(`${key} (${file})`);
      }
      // `t(\`route.${name}\`)`: the whole area must be in the first part.
      for (const [, area] of text.matchAll(/`([a-z][a-z0-9_-]*)\.[a-zA-Z0-9_.-]*\$\{/g)) {
        if (!(FIRST_SCREEN_AREAS as readonly string[]).includes(area!)) missing.push(`${area}.* (${file})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
