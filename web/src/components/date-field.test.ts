import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );

it('leaves no native date input: every date goes through DateField (dd/mm/yyyy whatever the locale)', () => {
  const src = join(import.meta.dirname, '..');
  // Each <input ...> tag (up to its end), whose type is or may be 'date'.
  const tags = (text: string) => text.match(/<(input|Input)\b[\s\S]*?\/>/g) ?? [];
  const native = files(src).filter((f) =>
    tags(readFileSync(f, 'utf8')).some((tag) => /type=\{?[^\n]*["']date["']/.test(tag)),
  );
  expect(native.map((f) => f.slice(src.length + 1))).toEqual([]);
});
