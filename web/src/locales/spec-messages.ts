/**
 * How the message keys and quoted texts are read out of the product spec (`../shared/spec`) into
 * `spec-messages.json`, the data `catalogue.test.ts` checks the catalogue against. Run once when
 * the spec changes: `npx tsx scripts/spec/extract-messages.ts` (writes the file) or with `--check`
 * (fails when the file is not what the spec gives). Pure functions: the script does the reading.
 */

/**
 * A message key: dot-separated segments, each starting with a letter (so no `2.3`, `v2.1`), the
 * first of at least two characters (so no `e.g.`); segments may be camelCase (`templates.createFailed`),
 * snake_case (`inbox.offline_description`) or a `{token}` pattern. It must not touch a path, an
 * address or another key on either side (`/api/a.b`, `x@example.com`), and a full stop that ends a
 * sentence is not part of it.
 */
export const KEY =
  /(?<![\w.{}/@:-])([a-z][a-zA-Z0-9_-]+(?:\.(?:[a-zA-Z][a-zA-Z0-9_-]*|\{[a-zA-Z]+\}))+)(?![\w{}/@-]|\.[\w{])/g;

/** Dotted words that are file names or host names, by their last segment. */
const FILE_OR_HOST_ENDINGS = new Set(
  'md txt json ts tsx js mjs html css png svg jpg com org net io uk dev local'.split(' '),
);

export function extractKeys(text: string): Set<string> {
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
export const NOT_MESSAGE_KEYS = new Set([
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
export const SHORTHAND: { doc: string; phrase: string; keys: string[] }[] = [
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

/**
 * Texts the spec quotes in single quotes that are not words for a user: values, identifiers and
 * a log-only message.
 */
export const NOT_UI_TEXT = new Set([
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

export function quotedTexts(text: string): Set<string> {
  // An apostrophe followed by a lower-case letter is inside the quote (don't, product's).
  const quote = /(?<![A-Za-z])'((?:[^'\n]|'(?=[a-z]))+?)'(?![a-z])/g;
  return new Set([...text.matchAll(quote)].map((m) => m[1]!));
}

/** What the spec says about messages, as kept in `spec-messages.json`. */
export interface SpecMessages {
  /** Where the data came from and how to refresh it. */
  source: string;
  /** The spec's documents by number, with the file each was read from. */
  documents: Record<string, string>;
  /** Every message key the spec names (shorthand resolved), with the documents naming it. */
  keys: Record<string, string[]>;
  /** The texts the spec quotes for users (not keys, values or log lines), with their documents. */
  texts: Record<string, string[]>;
}

export const SOURCE =
  'Extracted from the product spec (../shared/spec, documents 000-002) by scripts/spec/extract-messages.ts ' +
  'with the rules in web/src/locales/spec-messages.ts. Run it again when the spec changes; ' +
  '`--check` tells whether this file is still what the spec gives.';

const sorted = <T>(entries: [string, T][]) =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * The spec's message keys and quoted texts, from its documents (number -> file name and text).
 * Throws when a rule above no longer matches the spec (an exclusion or a shorthand phrase that is
 * gone), so a spec edit cannot slip past the lists.
 */
export function specMessages(docs: Map<string, { file: string; text: string }>): SpecMessages {
  const named = new Map<string, string[]>();
  for (const [doc, { text }] of docs) {
    for (const key of extractKeys(text)) named.set(key, [...(named.get(key) ?? []), doc]);
  }
  const problems: string[] = [];
  for (const key of NOT_MESSAGE_KEYS)
    if (!named.has(key)) problems.push(`excluded key no longer in the spec: ${key}`);
  const keys = new Map([...named].filter(([key]) => !NOT_MESSAGE_KEYS.has(key)));
  for (const { doc, phrase, keys: meant } of SHORTHAND) {
    if (!docs.get(doc)?.text.includes(phrase)) problems.push(`spec ${doc} no longer says: ${phrase}`);
    for (const key of meant) keys.set(key, [...new Set([...(keys.get(key) ?? []), doc])]);
  }
  const shorthandPhrases = SHORTHAND.map((entry) => entry.phrase).join('\n');
  const texts = new Map<string, string[]>();
  const quotedAnywhere = new Set<string>();
  for (const [doc, { text }] of docs) {
    for (const quoted of quotedTexts(text)) {
      quotedAnywhere.add(quoted);
      if (NOT_UI_TEXT.has(quoted) || named.has(quoted) || shorthandPhrases.includes(`'${quoted}'`)) continue;
      texts.set(quoted, [...(texts.get(quoted) ?? []), doc]);
    }
  }
  for (const quoted of NOT_UI_TEXT)
    if (!quotedAnywhere.has(quoted)) problems.push(`no longer quoted: ${quoted}`);
  if (problems.length > 0)
    throw new Error(`The spec changed under the extraction rules:\n${problems.join('\n')}`);
  return {
    source: SOURCE,
    documents: Object.fromEntries([...docs].map(([doc, { file }]) => [doc, file])),
    keys: sorted([...keys]),
    texts: sorted([...texts]),
  };
}
