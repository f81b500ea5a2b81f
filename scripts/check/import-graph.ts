import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** One import of a source file: the file it names, and whether it loads anything at run time. */
export interface ImportEdge {
  from: string;
  to: string;
  /** `import type` or every name marked `type`: erased from the build, loads nothing. */
  typeOnly: boolean;
  /** `import('...')`: loaded on demand, the boundary of a lazy chunk. */
  dynamic: boolean;
}

const SOURCE = /\.(ts|tsx)$/;
// The clause holds no quote, so a bare `import './x.ts';` is not read as the start of the next import.
const STATIC = /^\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every .ts/.tsx file below `dir` (repo-relative paths), tests and declarations left out. */
export function sourceFiles(root: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !/\.(test|d|gen)\.tsx?$/.test(name)) out.push(relative(root, path));
    }
  };
  walk(join(root, dir));
  return out.sort();
}

/** The file a relative specifier names (with or without its extension, or a folder's index). */
function resolveRelative(root: string, from: string, specifier: string): string | undefined {
  const base = resolve(root, dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate);
  }
  return undefined;
}

/** The relative imports of the given files (package imports are not followed). */
export function importEdges(root: string, files: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of files) {
    // Comments could hold example imports: drop them first (a crude but sufficient strip).
    const text = readFileSync(join(root, from), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
      if (!specifier.startsWith('.')) return;
      const to = resolveRelative(root, from, specifier);
      if (to) edges.push({ from, to, typeOnly, dynamic });
    };
    for (const m of text.matchAll(STATIC)) {
      const clause = m[3] ?? '';
      const names = /^\{([\s\S]*)\}$/.exec(clause.trim())?.[1];
      const allTypes =
        names?.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type ')) ?? false;
      add(m[4] ?? '', !!m[2] || allTypes, false);
    }
    for (const m of text.matchAll(BARE)) add(m[1] ?? '', false, false);
    for (const m of text.matchAll(DYNAMIC)) add(m[1] ?? '', false, true);
  }
  return edges;
}

/** The cycles of a graph: each strongly connected component of more than one node (Tarjan). */
export function cycles(edges: readonly { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.from === e.to) continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every file `roots` load, directly or through others (lazy imports included), roots too. */
export function reachable(edges: readonly ImportEdge[], roots: readonly string[]): Set<string> {
  const seen = new Set(roots);
  const queue = [...roots];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const e of edges) {
      if (e.from !== file || seen.has(e.to)) continue;
      seen.add(e.to);
      queue.push(e.to);
    }
  }
  return seen;
}
