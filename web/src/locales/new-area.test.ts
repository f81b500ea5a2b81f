import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { areaOfFile, catalogueFiles, SHARED, UNUSED } from './files.ts';

/**
 * Step 4 of docs/architecture.md ("Adding an area"), the words: a new area's
 * `features/<area>/en-GB.json` in a throwaway copy of the folders is read by the catalogue checks
 * (catalogue.test.ts, by-area.test.ts) with no list to edit.
 */
const root = mkdtempSync(join(tmpdir(), 'roundwise-area-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, keys: Record<string, string>) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), JSON.stringify(keys));
};

describe("a new area's words", () => {
  it('are picked up from its folder, as its own file', () => {
    write(SHARED, { 'drawer.title': 'Menu' });
    write(UNUSED, {});
    write('web/src/features/throwaway/en-GB.json', { 'throwaway.empty': 'No widgets yet' });
    mkdirSync(join(root, 'web/src/features/wordless'), { recursive: true });

    const files = catalogueFiles(root);
    expect([...files.keys()]).toEqual([SHARED, UNUSED, 'web/src/features/throwaway/en-GB.json']);
    expect(files.get('web/src/features/throwaway/en-GB.json')).toEqual({
      'throwaway.empty': 'No widgets yet',
    });
    expect(areaOfFile('web/src/features/throwaway/en-GB.json')).toBe('throwaway');
  });
});
