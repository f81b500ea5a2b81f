import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorMessages } from '@roundwise/core/messages';
import { describe, expect, it } from 'vitest';

/**
 * The en-GB catalogue against the product spec: every message key the spec names has real text,
 * every server error code has core's text, every text the spec quotes for users is there, and the
 * placeholders are i18next's `{{name}}`.
 * How the keys were chosen: README.md beside this file.
 */

const here = dirname(fileURLToPath(import.meta.url));
const catalogueFile = join(here, 'en-GB.json');
const specDir = resolve(here, '../../../../shared/spec');

function readSpec(): Map<string, string> {
  if (!existsSync(specDir)) {
    throw new Error(
      `The product spec is missing: expected it at ${specDir} (../shared/spec beside the repository). ` +
        'The catalogue test reads the message keys from it.',
    );
  }
  const names = readdirSync(specDir)
    .filter((name) => /^\d{3}_.+\.txt$/.test(name))
    .sort();
  if (names.length !== 3) {
    throw new Error(
      `Expected the three spec documents 000_*.txt, 001_*.txt, 002_*.txt in ${specDir}; found ${names.length}.`,
    );
  }
  return new Map(names.map((name) => [name.slice(0, 3), readFileSync(join(specDir, name), 'utf8')]));
}

const spec = readSpec();
const catalogueText = readFileSync(catalogueFile, 'utf8');
const catalogue = JSON.parse(catalogueText) as Record<string, unknown>;

/**
 * A message key: dot-separated segments, each starting with a letter (so no `2.3`, `v2.1`), the
 * first of at least two characters (so no `e.g.`); segments may be camelCase (`templates.createFailed`),
 * snake_case (`inbox.offline_description`) or a `{token}` pattern. It must not touch a path, an
 * address or another key on either side (`/api/a.b`, `x@example.com`), and a full stop that ends a
 * sentence is not part of it.
 */
const KEY =
  /(?<![\w.{}/@:-])([a-z][a-zA-Z0-9_-]+(?:\.(?:[a-zA-Z][a-zA-Z0-9_-]*|\{[a-zA-Z]+\}))+)(?![\w{}/@-]|\.[\w{])/g;

/** Dotted words that are file names or host names, by their last segment. */
const FILE_OR_HOST_ENDINGS = new Set(
  'md txt json ts tsx js mjs html css png svg jpg com org net io uk dev local'.split(' '),
);

function extractKeys(text: string): Set<string> {
  const keys = new Set<string>();
  for (const match of text.matchAll(KEY)) {
    const key = match[1]!;
    if (!FILE_OR_HOST_ENDINGS.has(key.slice(key.lastIndexOf('.') + 1))) keys.add(key);
  }
  return keys;
}

/**
 * Dotted names in the spec that are not message keys. Each must still occur in the spec (a test
 * checks it), so the list cannot hide a key that a spec edit turned into a message.
 */
const NOT_MESSAGE_KEYS = new Set([
  // Paths into replies and request bodies (section 7 of each document).
  'data.success',
  'data.data',
  'data.url',
  'data.session',
  'data.isFranchiseOwnerOrAdmin',
  'config.directory',
  'details.description', // payment history entry field (000 section 3)
  // Field paths of entities (section 3).
  'auth.user', // email engine account: auth.user is the mailbox login, not the auth.* error namespace
  'address.addressDescription',
  'businessAddress.lngLat',
  // Setting keys: names under which settings are stored, never shown to a user.
  'global.metadata-resource-type',
  'global.marketplace-receive-area',
  'global.marketplace-seller-terms',
  'global.marketplace-service-fee',
  'global.availability-bar-type',
  'global.canned-responses',
  'global.ignored-emails',
  'global.portal-layouts',
  'global.custom-themes',
  'global.portal-views',
  'beta-features.marketplace-seller',
  'marketplace.items-listed',
]);

/**
 * Keys the spec names in shorthand. A bare name in a list takes the namespace the list opens with
 * ("audiences.create-failed, save-error" is audiences.save-error); a bare key beside namespaced
 * keys of the same area takes theirs; keys the spec describes but does not spell ("keys not shown")
 * are named after it. `phrase` is the spec's own text, so a spec edit shows up here.
 */
const SHORTHAND: { doc: string; phrase: string; keys: string[] }[] = [
  {
    doc: '001',
    phrase: 'custom-fields.saving-form-values-failed and skipping-form-values-failed',
    keys: ['custom-fields.skipping-form-values-failed'],
  },
  {
    doc: '001',
    phrase:
      'Toasts: archive-schema-fail, archive-schema-success, cloned-field-successfully, schema-create-success, schema-create-template-success.',
    keys: [
      'custom-fields.archive-schema-fail',
      'custom-fields.archive-schema-success',
      'custom-fields.cloned-field-successfully',
      'custom-fields.schema-create-success',
      'custom-fields.schema-create-template-success',
    ],
  },
  {
    doc: '001',
    phrase: "Skipping when any notes rule applies shows 'validation-notes-required-skip'.",
    keys: ['custom-fields.validation-notes-required-skip'],
  },
  { doc: '001', phrase: "warns 'notes-required'", keys: ['custom-fields.notes-required'] },
  { doc: '001', phrase: "('skip-reason-required')", keys: ['custom-fields.skip-reason-required'] },
  { doc: '001', phrase: "(message key 'name required')", keys: ['expense-category.name-required'] },
  {
    doc: '001',
    phrase:
      'messages for created, updated, removed, create-failed, update-failed, remove-failed, duplicate, and loading or error loading accounts (keys not shown)',
    keys: [
      'expense-category.created',
      'expense-category.updated',
      'expense-category.removed',
      'expense-category.create-failed',
      'expense-category.update-failed',
      'expense-category.remove-failed',
      'expense-category.loading-accounts',
      'expense-category.error-loading-accounts',
    ],
  },
  {
    doc: '002',
    phrase:
      'price-change.not-found, apply-failed, notify-failed, remove-failed, rollback-failed, no-filters-applied, general.error. Success messages: removed, applied, notified, notified-email, notified-sms, rollback-complete.',
    keys: [
      'price-change.apply-failed',
      'price-change.notify-failed',
      'price-change.remove-failed',
      'price-change.rollback-failed',
      'price-change.no-filters-applied',
      'price-change.removed',
      'price-change.applied',
      'price-change.notified',
      'price-change.notified-email',
      'price-change.notified-sms',
      'price-change.rollback-complete',
    ],
  },
  {
    doc: '002',
    phrase: 'audiences.create-failed, save-error, remove-failed, audience-not-found.',
    keys: ['audiences.save-error', 'audiences.remove-failed', 'audiences.audience-not-found'],
  },
  {
    doc: '002',
    // ongoing-finished-failed follows two send.* keys but sits in the campaigns list: campaigns.*.
    phrase:
      'campaigns.create-failed, save-error, remove-failed, publish-failed, campaign-not-found, send.error-creating-campaign, send.error-updating-campaign, ongoing-finished-failed',
    keys: [
      'campaigns.save-error',
      'campaigns.remove-failed',
      'campaigns.publish-failed',
      'campaigns.campaign-not-found',
      'campaigns.ongoing-finished-failed',
    ],
  },
  { doc: '002', phrase: 'templates.removeFailed, templateNotFound;', keys: ['templates.templateNotFound'] },
  {
    doc: '002',
    phrase: 'selectedDeliveryMethods at least 1 (select-delivery-method-helper)',
    keys: ['campaigns-form.select-delivery-method-helper'],
  },
];

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

/**
 * Texts the spec quotes in single quotes that are not words for a user: values, identifiers and
 * a log-only message.
 */
const NOT_UI_TEXT = new Set([
  'ADVERTISEMENT_VIEWED', // an event code
  'lead', // advert types, query values
  'quoted-lead',
  'direct', // an advert state value
  'metadata', // a linker kind
  'y', // stored flag values
  'n',
  'failed', // a payment history action value
  'Quote:', // a customer source pattern
  'directory',
  'custom-', // a theme id prefix
  'spacerN', // a widget id
  'additional', // a search field name
  'view as customer', // describes the action whose button is 'View As'
  'Theme not found', // logged only (002 section 8)
]);

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

function quotedTexts(text: string): Set<string> {
  // An apostrophe followed by a lower-case letter is inside the quote (don't, product's).
  const quote = /(?<![A-Za-z])'((?:[^'\n]|'(?=[a-z]))+?)'(?![a-z])/g;
  return new Set([...text.matchAll(quote)].map((m) => m[1]!));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{([a-zA-Z][a-zA-Z0-9]*)\}\}/g)].map((m) => m[1]!);
}

const specKeys = new Map<string, string[]>(); // key -> documents naming it
for (const [doc, text] of spec) {
  for (const key of extractKeys(text)) specKeys.set(key, [...(specKeys.get(key) ?? []), doc]);
}
const messageKeys = [...specKeys.keys()].filter((key) => !NOT_MESSAGE_KEYS.has(key)).sort();

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

  it('finds the keys the spec is known to name', () => {
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
    ]) {
      expect(messageKeys, key).toContain(key);
    }
  });

  it('keeps only exclusions that the spec still contains', () => {
    expect([...NOT_MESSAGE_KEYS].filter((key) => !specKeys.has(key))).toEqual([]);
  });
});

describe('en-GB catalogue', () => {
  it('is one flat object of strings with no key written twice', () => {
    expect(Object.values(catalogue).every((text) => typeof text === 'string')).toBe(true);
    const written = [...catalogueText.matchAll(/^\s*"((?:[^"\\]|\\.)*)":/gm)].map((m) => m[1]!);
    expect(written.length).toBe(Object.keys(catalogue).length);
  });

  it('has real text for every message key the spec names', () => {
    const missing = messageKeys
      .filter((key) => !(key in PATTERN_KEYS) && !hasRealText(key))
      .map((key) => `${key} (spec ${specKeys.get(key)!.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('has real text for the keys the spec names in shorthand', () => {
    for (const { doc, phrase, keys } of SHORTHAND) {
      expect(spec.get(doc), `spec ${doc} no longer says: ${phrase}`).toContain(phrase);
      expect(keys.filter((key) => !hasRealText(key))).toEqual([]);
    }
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
    const shorthandPhrases = SHORTHAND.map((entry) => entry.phrase).join('\n');
    const missing: string[] = [];
    const quotedAnywhere = new Set([...spec.values()].flatMap((text) => [...quotedTexts(text)]));
    const stale = [...NOT_UI_TEXT, ...Object.keys(ADAPTED)].filter((quoted) => !quotedAnywhere.has(quoted));
    expect(stale, 'listed texts the spec no longer quotes').toEqual([]);
    for (const [doc, text] of spec) {
      for (const quoted of quotedTexts(text)) {
        if (NOT_UI_TEXT.has(quoted) || specKeys.has(quoted) || shorthandPhrases.includes(`'${quoted}'`))
          continue;
        if (quoted in ADAPTED) {
          if (!hasRealText(ADAPTED[quoted]!)) missing.push(`${quoted} (as ${ADAPTED[quoted]})`);
          continue;
        }
        if (!values.some((value) => value.includes(quoted.toLowerCase())))
          missing.push(`${quoted} (spec ${doc})`);
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
