import type { Answer, FieldSchema, FieldValues, Item, ItemSettings } from './schema.ts';
import { isPhotoData, NotesRequired } from './schema.ts';

/** The active items of a collection, in index order. */
export function activeItems(schema: Pick<FieldSchema, 'items'>): [string, Item][] {
  return Object.entries(schema.items)
    .filter(([, item]) => item.active)
    .sort(([a], [b]) => Number(a) - Number(b));
}

/** Whether an answer holds a value (false and 0 are values; '' and [] are not). */
export function hasValue(answer: Partial<Answer> | undefined): boolean {
  const v = answer?.value;
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

export type ItemStatus = 'complete' | 'incomplete' | 'skipped';

/** Spec 001 section 4: complete (has a value), skipped, or incomplete. */
export function itemStatus(answer: Partial<Answer> | undefined): ItemStatus {
  if (answer?.skipped) return 'skipped';
  return hasValue(answer) ? 'complete' : 'incomplete';
}

/** The progress chip: items answered (or skipped) of the active items. */
export function progress(schema: Pick<FieldSchema, 'items'>, values: Record<string, Answer> | undefined) {
  const items = activeItems(schema);
  const done = items.filter(([i]) => itemStatus(values?.[i]) !== 'incomplete').length;
  return { done, total: items.length, complete: done === items.length };
}

/**
 * A collection is complete when every required item has a value; an item is required when it
 * cannot be skipped (spec 001 section 4). No active items: nothing to complete, so complete.
 */
export function isComplete(schema: Pick<FieldSchema, 'items'>, values: Record<string, Answer> | undefined) {
  return activeItems(schema).every(
    ([i, item]) => item.skippable || (hasValue(values?.[i]) && !values?.[i]?.skipped),
  );
}

const isFalsy = (item: Item, answer: Partial<Answer>) =>
  !hasValue(answer) || answer.value === false || (item.type === 'number' && answer.value === 0);

/**
 * What an answer still needs before it is saved, as a message key; undefined when it may be saved.
 * The same rule runs in the form, on the device's optimistic run and on the server.
 */
export function answerError(item: Item, answer: Partial<Answer>): string | undefined {
  const notes = (answer.notes ?? '').trim();
  if (answer.skipped) {
    if (!item.skippable) return 'custom-fields.not-skippable';
    const reasonNeeded =
      item.notesRequired === NotesRequired.Always ||
      item.notesRequired === NotesRequired.WhenSkipped ||
      item.notesRequired === NotesRequired.WhenSkippedOrFalsy;
    return reasonNeeded && !notes ? 'custom-fields.skip-reason-required' : undefined;
  }
  if (hasValue(answer) && typeError(item, answer.value)) return 'custom-fields.answer-invalid';
  if (!hasValue(answer)) return undefined;
  if (item.notesRequired === NotesRequired.Always && !notes) return 'custom-fields.notes-required';
  if (item.notesRequired === NotesRequired.WhenSkippedOrFalsy && isFalsy(item, answer) && !notes) {
    return 'custom-fields.validation-notes-required';
  }
  return undefined;
}

function typeError(item: Item, value: unknown): boolean {
  switch (item.type) {
    case 'boolean':
      return typeof value !== 'boolean';
    case 'number':
      return typeof value !== 'number';
    case 'text':
      return typeof value !== 'string' || value.length > 2000;
    case 'attachment':
      return typeof value !== 'string' || !(/^[\w-]{1,64}$/.test(value) || isPhotoData(value));
    case 'signature':
      return typeof value !== 'string' || value.length > 20_000 || !/^[ML0-9 .,-]*$/.test(value);
    case 'select': {
      if (!Array.isArray(value)) return true;
      if (!item.settings.selectMultiple && value.length > 1) return true;
      const ids = new Set(item.settings.selectOptions.map((o) => o.id));
      return value.some((id) => !ids.has(id));
    }
  }
}

/**
 * The quick list answers a yes/no or skips in one tap; an answer that needs a note sends the user
 * to the item's form instead, with the spec's message (section 5).
 */
export function quickListCheck(item: Item, answer: Partial<Answer>): string | undefined {
  if (answer.skipped) {
    return item.notesRequired !== NotesRequired.Optional
      ? 'custom-fields.validation-notes-required-skip'
      : undefined;
  }
  if (item.notesRequired === NotesRequired.Always) return 'custom-fields.validation-notes-required';
  if (item.notesRequired === NotesRequired.WhenSkippedOrFalsy && answer.value === false) {
    return 'custom-fields.validation-notes-required';
  }
  return undefined;
}

/** How many records hold an answer (a value or a skip) to the item. */
export function answersTo(index: string, values: readonly Pick<FieldValues, 'values'>[]): number {
  return values.filter((v) => {
    const a = v.values[index];
    return !!a && (a.skipped || hasValue(a));
  }).length;
}

/**
 * A change of an answered item's type or options. Allowed: any change with no answers, and the
 * conversions that keep every answer: number to text (the number written with its decimals), one
 * choice to multiple choice, renamed and added options. Anything else is refused with the count.
 */
export type ItemChange = { ok: true; convert?: (a: Answer) => Answer } | { ok: false; code: string };

export function itemChange(before: Item, after: Item): ItemChange {
  if (before.type !== after.type) {
    if (before.type === 'number' && after.type === 'text') {
      const places = before.settings.decimalPlaces;
      return {
        ok: true,
        convert: (a) => (typeof a.value === 'number' ? { ...a, value: a.value.toFixed(places) } : a),
      };
    }
    return { ok: false, code: 'custom-fields.type-change-refused' };
  }
  if (before.type !== 'select') return { ok: true };
  if (before.settings.selectMultiple && !after.settings.selectMultiple) {
    return { ok: false, code: 'custom-fields.options-change-refused' };
  }
  const kept = new Set(after.settings.selectOptions.map((o) => o.id));
  if (before.settings.selectOptions.some((o) => !kept.has(o.id))) {
    return { ok: false, code: 'custom-fields.options-change-refused' };
  }
  return { ok: true };
}

/** Whether a change touches what answers depend on (the type, or the options' ids and multiplicity). */
export function changesShape(before: Item, after: Item): boolean {
  const ids = (s: ItemSettings) => s.selectOptions.map((o) => o.id).join('\n');
  return (
    before.type !== after.type ||
    (before.type === 'select' &&
      (ids(before.settings) !== ids(after.settings) ||
        before.settings.selectMultiple !== after.settings.selectMultiple))
  );
}

/** A new option id: the label in lower case with dashes, made unique among the item's options. */
export function optionId(label: string, taken: readonly string[]): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'option';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** The text a number answer shows: the item's prefix, the number with its decimals, the suffix. */
export function numberText(settings: ItemSettings, value: number): string {
  return `${settings.prefix}${value.toFixed(settings.decimalPlaces)}${settings.suffix}`;
}
