// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Lecture } from '../lecture';
import { CACHE_KEY, LECTURE_CACHE_MS, readCache } from './lectures';

const lectures = [{ slug: 'l1', name: 'Module 1: Rounds' }] as unknown as Lecture[];
const NOW = Date.parse('2026-11-21T09:00:00Z');
const saveAt = (savedAt: number) => localStorage.setItem(CACHE_KEY, JSON.stringify({ savedAt, lectures }));

describe("the device's lecture cache (spec 001 section 9: refreshed when older than a day)", () => {
  beforeEach(() => localStorage.clear());

  it('serves lectures saved within the day', () => {
    saveAt(NOW - LECTURE_CACHE_MS + 60_000);
    expect(readCache(NOW)).toEqual(lectures);
  });

  it('asks the server again once they are a day old, or saved "later" than now (a clock put back)', () => {
    saveAt(NOW - LECTURE_CACHE_MS);
    expect(readCache(NOW)).toBeUndefined();
    saveAt(NOW + 60_000);
    expect(readCache(NOW)).toBeUndefined();
  });

  it('asks the server when nothing, or something unreadable, is kept', () => {
    expect(readCache(NOW)).toBeUndefined();
    localStorage.setItem(CACHE_KEY, '{not json');
    expect(readCache(NOW)).toBeUndefined();
  });
});
