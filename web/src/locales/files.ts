import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The catalogue's files, for tests and scripts (the app imports each where it is used):
 * - `web/src/locales/en-GB.json`, the shared words: the shell's, those several areas use, and
 *   every error code; it comes with the entry;
 * - `web/src/features/<area>/en-GB.json`, one area's words, loaded with its screens (its `strings.ts`);
 * - `web/src/components/<folder>/en-GB.json`, the words of one folder of shared components (the
 *   address search, the image library...), loaded with them the same way;
 * - `web/src/locales/errors.en-GB.json`, the texts of error codes no screen names, only a failure
 *   carries; fetched with the first failure to show (`lib/error-words.ts`);
 * - `web/src/locales/unused.en-GB.json`, keys the spec names that no screen shows yet; never loaded.
 */
export const ROOT = join(import.meta.dirname, '..', '..', '..');
export const SHARED = 'web/src/locales/en-GB.json';
export const UNUSED = 'web/src/locales/unused.en-GB.json';
export const ERRORS = 'web/src/locales/errors.en-GB.json';

/** The area a catalogue file belongs to, or undefined for the shared and unused files. */
export const areaOfFile = (file: string) => /^web\/src\/features\/([^/]+)\/en-GB\.json$/.exec(file)?.[1];

/** The folder whose modules load their own words (`features/<area>/`, `components/<folder>/`), if any. */
export const wordsHomeOf = (file: string) => /^web\/src\/(features|components)\/[^/]+\//.exec(file)?.[0];

/** Every catalogue file (repository path) and its keys; `root` is the repository's (a test's copy). */
export function catalogueFiles(root = ROOT): Map<string, Record<string, string>> {
  const files = [SHARED, UNUSED];
  if (existsSync(join(root, ERRORS))) files.push(ERRORS);
  for (const parent of ['web/src/features', 'web/src/components']) {
    if (!existsSync(join(root, parent))) continue;
    for (const folder of readdirSync(join(root, parent)).sort()) {
      const file = `${parent}/${folder}/en-GB.json`;
      if (existsSync(join(root, file))) files.push(file);
    }
  }
  return new Map(
    files.map((f) => [f, JSON.parse(readFileSync(join(root, f), 'utf8')) as Record<string, string>]),
  );
}

/** The whole catalogue: every file's keys together (a key is in one file only, by-area.test.ts). */
export function wholeCatalogue(): Record<string, string> {
  return Object.assign({}, ...catalogueFiles().values());
}
