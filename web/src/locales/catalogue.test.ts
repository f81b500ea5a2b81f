import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessages } from '@roundwise/core/messages';
import { describe, expect, it } from 'vitest';
import { catalogueFiles, ROOT } from './files.ts';
import { extractKeys, type SpecMessages, specMessages } from './spec-messages.ts';

/**
 * The en-GB catalogue against the product spec: every message key the spec names has real text,
 * every server error code has core's text, every text the spec quotes for users is there, and the
 * placeholders are i18next's `{{name}}`. The spec's keys and texts are kept in the repository as
 * data (`spec-messages.json`, read from `../shared/spec` by `scripts/spec/extract-messages.ts`),
 * so this runs on a plain clone. How the keys were chosen: README.md beside this file.
 */

const here = dirname(fileURLToPath(import.meta.url));
const files = [...catalogueFiles()].map(([file]) => [file, readFileSync(join(ROOT, file), 'utf8')] as const);
const catalogue: Record<string, unknown> = Object.assign({}, ...files.map(([, text]) => JSON.parse(text)));
const spec = JSON.parse(readFileSync(join(here, 'spec-messages.json'), 'utf8')) as SpecMessages;
const messageKeys = Object.keys(spec.keys);

/** Pattern keys: the spec names a family of keys; these are the members the app uses. */
const PATTERN_KEYS: Record<string, string[]> = {
  // Credit purchase quantity (000 sections 5 and 9): whole number, at least 100, below 50000.
  'enter.{token}': ['enter.whole-number', 'enter.at-least', 'enter.less-than'],
};

/** Parameters the spec gives a message (and the ones our pattern keys take), exactly. */
const PARAMS: Record<string, string[]> = {
  'notification.bulk-message-cancelled': ['sent', 'total'],
  'credits.purchase-complete': ['total'],
  'expense-category.duplicate': ['name'],
  'sync.status-syncing-many': ['count'],
  'sync.status-offline-not-synced': ['count'],
  'enter.at-least': ['min'],
  'enter.less-than': ['max'],
  'access.level-required': ['level'],
};

/** Quoted texts the catalogue words differently, and the key that carries each. */
const ADAPTED: Record<string, string> = {
  // "the product" stands for the product's name in the spec.
  "You are currently not connected to the product's servers so you cannot currently switch accounts.":
    'account-switch.not-connected-text',
  // The spec elides the policy's name.
  'I agree to comply with ... policies and guidelines.': 'marketplace.compliance-agreement',
  // n and m, N are parameters.
  'n/m Completed': 'custom-fields.progress-completed',
  'Layout N': 'portal.layout-default-name',
  // A code-like identifier in the spec, spelt out for people.
  'No schemaId found': 'custom-fields.no-schema-id-found',
  'ongoing finished, not published': 'campaigns.ongoing-finished-not-published',
};

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g)].map((m) => m[1]!);
}

function hasRealText(key: string): boolean {
  const text = catalogue[key];
  return typeof text === 'string' && text.trim() !== '' && text !== key;
}

describe('key extraction', () => {
  it('finds keys and ignores numbers, abbreviations, paths, files and host names', () => {
    const sample =
      'Shows quote.deleted (see e.g. section 2.3 of v2.1), else enter.{token}; ' +
      'GET /api/notifications/mark_as_read and https://example.com/a.b, www.roundwise.co.uk, README.md, ' +
      'package.json, owner@demo.roundwise.local, inc. VAT. Ends with templates.createFailed.';
    expect([...extractKeys(sample)].sort()).toEqual([
      'enter.{token}',
      'quote.deleted',
      'templates.createFailed',
    ]);
  });

  it('refuses to extract from a spec its rules no longer fit', () => {
    const docs = new Map([['000', { file: '000_x.txt', text: "Shows 'Saved' and rounds.enter-round." }]]);
    expect(() => specMessages(docs)).toThrow(/excluded key no longer in the spec: data.success/);
  });

  it('the data holds the keys the spec is known to name, from its three documents', () => {
    expect(Object.keys(spec.documents)).toEqual(['000', '001', '002']);
    for (const key of [
      'rounds.enter-round',
      'quote.deleted',
      'notifications.quote-sent',
      'enter.{token}',
      'connected-services.institutions-unavailable',
      'credits.purchase-complete',
      'jobgroup.set-round-schedule-success',
      'notification.account-sms-prefix-not-allowed',
      'connected-services.search-no-results',
      'custom-fields.no-fields-to-complete',
      'inbox.offline_description',
      'campaigns-form.audienceIds-min',
      // named in shorthand ("audiences.create-failed, save-error, ...")
      'audiences.save-error',
      'expense-category.name-required',
    ]) {
      expect(messageKeys, key).toContain(key);
    }
    expect(spec.texts['There is no future.']).toEqual(['000']);
  });
});

describe('en-GB catalogue', () => {
  it('is flat objects of strings with no key written twice, in one file or across its files', () => {
    expect(Object.values(catalogue).every((text) => typeof text === 'string')).toBe(true);
    const written = files.flatMap(([, text]) =>
      [...text.matchAll(/^\s*"((?:[^"\\]|\\.)*)":/gm)].map((m) => m[1]!),
    );
    expect(written.length).toBe(Object.keys(catalogue).length);
  });

  it('has real text for every message key the spec names', () => {
    const missing = messageKeys
      .filter((key) => !(key in PATTERN_KEYS) && !hasRealText(key))
      .map((key) => `${key} (spec ${spec.keys[key]!.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('has the members of each pattern key the spec names', () => {
    for (const [pattern, keys] of Object.entries(PATTERN_KEYS)) {
      expect(messageKeys).toContain(pattern);
      const prefix = pattern.slice(0, pattern.indexOf('{'));
      for (const key of keys) {
        expect(key.startsWith(prefix), key).toBe(true);
        expect(hasRealText(key), key).toBe(true);
      }
    }
    // Every pattern key of the spec is accounted for.
    expect(messageKeys.filter((key) => key.includes('{') && !(key in PATTERN_KEYS))).toEqual([]);
  });

  it("has every server error code with core's text", () => {
    const different = Object.entries(errorMessages)
      .filter(([key, text]) => catalogue[key] !== text)
      .map(([key]) => key);
    expect(different).toEqual([]);
  });

  it('has every user-visible text the spec quotes', () => {
    const values = Object.values(catalogue).map((text) => String(text).toLowerCase());
    const stale = Object.keys(ADAPTED).filter((quoted) => !(quoted in spec.texts));
    expect(stale, 'adapted texts the spec no longer quotes').toEqual([]);
    const missing: string[] = [];
    for (const [quoted, docs] of Object.entries(spec.texts)) {
      if (quoted in ADAPTED) {
        if (!hasRealText(ADAPTED[quoted]!)) missing.push(`${quoted} (as ${ADAPTED[quoted]})`);
      } else if (!values.some((value) => value.includes(quoted.toLowerCase()))) {
        missing.push(`${quoted} (spec ${docs.join(', ')})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('writes every placeholder as {{name}}', () => {
    const malformed = Object.entries(catalogue)
      .filter(([, text]) => /[{}]/.test(String(text).replace(/\{\{[a-zA-Z][a-zA-Z0-9]*\}\}/g, '')))
      .map(([key]) => key);
    expect(malformed).toEqual([]);
  });

  it('gives the parameterised messages exactly their parameters', () => {
    for (const [key, params] of Object.entries(PARAMS)) {
      expect(placeholders(String(catalogue[key])).sort(), key).toEqual([...params].sort());
    }
  });
});
