import { describe, expect, it } from 'vitest';
import { commandIds } from './command-ids.ts';

const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

describe('ids a command creates', () => {
  it('are the same on every run of one command, and differ between commands and within one', () => {
    const a = commandIds('01KAKZ7T3Q8W9X0Y1Z2A3B4C5D');
    const again = commandIds('01KAKZ7T3Q8W9X0Y1Z2A3B4C5D');
    const first = [a(), a(), a()];
    expect([again(), again(), again()]).toEqual(first);
    expect(new Set(first).size).toBe(3);
    expect(commandIds('01KAKZ7T3Q8W9X0Y1Z2A3B4C5E')()).not.toBe(first[0]);
    for (const id of first) expect(id).toMatch(ULID);
  });

  it('keep the time of a ULID commandId, and are ULIDs for any other commandId', () => {
    expect(commandIds('01kakz7t3q8w9x0y1z2a3b4c5d')().slice(0, 10)).toBe('01KAKZ7T3Q');
    const ids = commandIds('a-uuid-like-9b1c6f0e-2f1d-4c1e');
    expect(ids()).toMatch(ULID);
    expect(ids()).toMatch(ULID);
  });
});
