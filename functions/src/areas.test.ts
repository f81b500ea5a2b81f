import { existsSync, readdirSync } from 'node:fs';
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
