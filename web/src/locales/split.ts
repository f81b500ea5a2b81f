import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { errorMessages } from '../../../packages/core/src/messages.ts';

/**
 * The catalogue in two downloads (250 KB of JavaScript for sign-in plus the shell).
 * `en-GB.json` stays one file; the build serves it as two modules:
 * - `en-GB.json?strings=first-screen`, in the entry: every key of the areas below, which the
 *   sign-in screen, the shell (drawer, sync state, alerts, support, refusals) and the landing
 *   schedule day use, plus every error code the server or an optimistic command can answer with
 *   (core's `errorMessages`), since an error can show on any screen;
 * - `en-GB.json?strings=rest`, every other key, loaded before any other screen opens
 *   (`lib/i18n.ts`, `loadAllStrings`).
 * A key in both would be harmless; a key in neither cannot happen (`split.test.ts`).
 */
export const FIRST_SCREEN_AREAS = [
  'about',
  'access',
  'account',
  'account-switch',
  'alerts',
  'app',
  'auth',
  'command',
  'conflicts',
  'drawer',
  'enter',
  'failed',
  'frequency',
  'general',
  'jobgroup',
  'level',
  'menu',
  'network',
  'notification',
  'pending',
  'role',
  'route',
  'schedule',
  'shell',
  'support',
  'sync',
  'theme',
  'validation',
] as const;

const areas = new Set<string>(FIRST_SCREEN_AREAS);

/** Whether a key travels with the first download. */
export function isFirstScreenKey(key: string): boolean {
  return areas.has(key.slice(0, key.indexOf('.'))) || key in errorMessages;
}

export type Part = 'first-screen' | 'rest';

export function catalogueFor(part: Part, catalogue: Record<string, string>): Record<string, string> {
  const first = part === 'first-screen';
  return Object.fromEntries(Object.entries(catalogue).filter(([key]) => isFirstScreenKey(key) === first));
}

const PART = /[\\/]en-GB\.json\?strings=(first-screen|rest)$/;

/**
 * Serves the two parts at build and dev time. Without it (vitest), Vite's JSON loader reads the
 * whole file for either query, so tests see every key.
 */
export function catalogueSplit(): Plugin {
  return {
    name: 'roundwise:catalogue-split',
    enforce: 'pre',
    load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      // JSON.parse of one string literal: quicker for the browser than an object literal this size.
      const json = JSON.stringify(catalogueFor(match[1] as Part, catalogue));
      return { code: `export default JSON.parse(${JSON.stringify(json)});`, moduleType: 'js' };
    },
  };
}
