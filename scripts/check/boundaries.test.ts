import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, type ImportEdge, importEdges, sourceFiles } from './import-graph.ts';

/**
 * The import rules of docs/architecture.md ("Boundaries"), checked on every `npm test`: shared
 * code -> features -> routes in the web app, no feature importing another, no import cycles in the
 * web app, the domain, the storage or the server, and the server's handlers above its operations. (Biome 2.6's `noImportCycles` sees value and type imports alike
 * and has no way to say "another feature folder", so the rules live here.)
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const web = importEdges(root, sourceFiles(root, 'web/src'));
const core = importEdges(root, sourceFiles(root, 'packages/core/src'));
const storage = importEdges(root, sourceFiles(root, 'packages/db/src'));
const server = importEdges(root, sourceFiles(root, 'functions/src'));
const show = (edges: readonly ImportEdge[]) => edges.map((e) => `${e.from} -> ${e.to}`);

const featureOf = (path: string) => /^web\/src\/features\/([^/]+)\//.exec(path)?.[1];
const layerOf = (path: string) => /^web\/src\/([^/]+)\//.exec(path)?.[1];

describe('web/src', () => {
  it('a feature never imports another feature (routes compose features)', () => {
    const across = web.filter(
      (e) => featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to),
    );
    expect(show(across)).toEqual([]);
  });

  it('shared code (lib, components) imports no feature and no route; a feature imports no route', () => {
    const upward = web.filter((e) => {
      const from = layerOf(e.from);
      const to = layerOf(e.to);
      if (from === 'lib' || from === 'components') return to === 'features' || to === 'routes';
      return from === 'features' && to === 'routes';
    });
    expect(show(upward)).toEqual([]);
  });

  it('has no import cycle (type imports count: they couple files as much)', () => {
    expect(cycles(web.filter((e) => !e.dynamic))).toEqual([]);
  });
});

/** Tests' own helpers (fixtures) are not part of the domain's dependency structure. */
const isTestSupport = (path: string) => /\/(fixture|testing)\.ts$/.test(path);
const domain = core.filter((e) => !isTestSupport(e.from));

/**
 * The one deliberate loop: the kernel's `EntityType` is the union of the types the areas declare,
 * read from the list of areas with a type-only import, erased from the build.
 */
const entityTypeFromAreas = (e: ImportEdge) => e.typeOnly && e.to === 'packages/core/src/areas.ts';

/**
 * An area, a shared module (`access`, `schedule`...) or a file at the root of core's src. An area's
 * registration (`<area>/area.ts`) counts with the list of areas that reads it, not with its area:
 * the route table collects it and so do the sync needs, while its area's code (loaded on demand)
 * imports `access`. A registration that loaded its area's code would close the circle again.
 */
const unitOf = (path: string) => {
  const file = path.replace(/^packages\/core\/src\//, '');
  return /^[^/]+\/area\.ts$/.test(file) ? 'areas.ts' : file.split('/')[0]!;
};

describe('packages/core/src', () => {
  it('has no import cycle between files (type imports count)', () => {
    expect(cycles(domain.filter((e) => !e.dynamic && !entityTypeFromAreas(e)))).toEqual([]);
  });

  it('has no cycle between areas and shared modules through what they load', () => {
    const loads = domain.filter((e) => !e.dynamic && !e.typeOnly);
    const units = loads.map((e) => ({ from: unitOf(e.from), to: unitOf(e.to) }));
    expect(cycles(units)).toEqual([]);
  });
});

describe('packages/db/src', () => {
  it('has no import cycle (type imports count)', () => {
    expect(cycles(storage.filter((e) => !e.dynamic))).toEqual([]);
  });
});

/** The server's own test support: the harness, the sync tests' device, the crash test's child. */
const isServerTestSupport = (path: string) =>
  /^functions\/src\/(test-harness|api\/sync-test-device|effects\/crash-(child|fixture))\.ts$/.test(path);
const serverCode = server.filter((e) => !isServerTestSupport(e.from));

/**
 * The entry points: the HTTP handlers (`api/`), the Lambda handlers (`lambda/`), the app that
 * mounts the handlers and the wiring that builds `Deps` for them. Everything else is an operation.
 */
const isEntry = (path: string) =>
  /^functions\/src\/(api|lambda)\//.test(path) || /^functions\/src\/(app|create-deps)\.ts$/.test(path);

describe('functions/src', () => {
  it('has no import cycle (type imports count)', () => {
    expect(cycles(serverCode.filter((e) => !e.dynamic))).toEqual([]);
  });

  it('handlers -> operations -> core and db: no operation imports a handler or the wiring', () => {
    const upward = serverCode.filter((e) => !isEntry(e.from) && isEntry(e.to));
    expect(show(upward)).toEqual([]);
  });

  it('builds a unit of work (DynamoStore) only in the command runner and the account writes', () => {
    // Every other write goes through `commands/run-command.ts` (a member's) or
    // `commands/write-account.ts` (the server's own), with their retry, audit and outbox rules.
    const builders = sourceFiles(root, 'functions/src').filter((file) =>
      /new DynamoStore\(/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(builders).toEqual(['functions/src/commands/run.ts', 'functions/src/commands/write-account.ts']);
  });
});
