import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { areas } from '@roundwise/core';
import { describe, expect, it } from 'vitest';
import { serverAreas } from './areas.ts';
import { defineServerArea } from './define-area.ts';
import { collectEffects, type EffectHandler, effectHandler } from './effects/registry.ts';

const handler: EffectHandler = async () => {};

describe("the server's list of areas", () => {
  it('finds the handler of every effect a core area emits, with no import of its own', () => {
    const kinds = areas.flatMap((a) => a.effects ?? []);
    expect(kinds).toContain('notification.send');
    expect(kinds).toContain('payments.provider-charge');
    for (const kind of [...kinds, 'mail', 'backups.restore'])
      expect(effectHandler(kind), kind).toBeTypeOf('function');
    expect(new Set(serverAreas.map((a) => a.name)).size).toBe(serverAreas.length);
  });

  it('refuses to start when an area emits an effect no server area handles, or one has two', () => {
    const throwaway = { name: 'throwaway', effects: ['throwaway.ping'] };
    expect(() => collectEffects(serverAreas, [...areas, throwaway])).toThrow(
      'Effect throwaway.ping of area throwaway has no handler',
    );
    const served = defineServerArea({ name: 'throwaway', effects: () => ({ 'throwaway.ping': handler }) });
    expect(collectEffects([...serverAreas, served], [...areas, throwaway]).get('throwaway.ping')).toBe(
      handler,
    );
    expect(() => collectEffects([...serverAreas, served, served], [])).toThrow(
      'Effect throwaway.ping has two handlers',
    );
  });
});

describe('the server list', () => {
  it("lists every area folder's server part", () => {
    const folders = readdirSync(import.meta.dirname).filter((d) =>
      existsSync(join(import.meta.dirname, d, 'area.ts')),
    );
    expect(
      serverAreas
        .map((a) => a.name)
        .filter((n) => n !== 'mail')
        .sort(),
    ).toEqual(folders.sort());
  });
});

describe("the API's sub-apps", () => {
  // `app.ts` chains them by hand, as the chain is what types the web's client (`AppType`): an
  // area's API is its `api/<area>.ts` and this one line there, which this checks.
  const api = join(import.meta.dirname, 'api');
  const source = (file: string) => readFileSync(join(import.meta.dirname, file), 'utf8');
  const exported = readdirSync(api)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) =>
      [...source(`api/${f}`).matchAll(/export (?:const|function) (\w+Routes)\b/g)].map((m) => ({
        name: m[1]!,
        file: f.replace(/\.ts$/, ''),
      })),
    );

  it("are mounted in app.ts under their file's name (the spec's `_` for the file's `-`)", () => {
    const app = source('app.ts');
    const mounts = [...app.matchAll(/\.route\('\/([\w-]+)', (\w+Routes)\b/g)];
    expect(mounts.length).toBeGreaterThan(15);
    for (const [, path, name] of mounts) {
      expect(exported.find((e) => e.name === name)?.file, name).toBe(path!.replaceAll('_', '-'));
    }
  });

  it('are each mounted, in app.ts or inside another sub-app', () => {
    const files = ['app.ts', ...readdirSync(api).map((f) => `api/${f}`)].filter(
      (f) => !f.endsWith('.test.ts'),
    );
    const unmounted = exported.filter(
      (e) =>
        !files.some(
          (f) => f !== `api/${e.file}.ts` && new RegExp(`\\.route\\([^)]*\\b${e.name}\\b`).test(source(f)),
        ),
    );
    expect(unmounted.map((e) => e.name)).toEqual([]);
  });
});
