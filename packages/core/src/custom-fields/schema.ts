import { z } from 'zod';
import type { EditStamps } from '../conflicts/schema.ts';
import { Id, IsoDate } from '../entity.ts';
import { RequiredText } from '../text.ts';

/** Item types (spec 001 section 3). An item of any other type is refused, never guessed. */
export const ITEM_TYPES = ['boolean', 'text', 'number', 'select', 'attachment', 'signature'] as const;
export const ItemType = z.enum(ITEM_TYPES, { message: 'custom-fields.unsupported-item-type' });
export type ItemType = z.infer<typeof ItemType>;

/** Notes requirement levels, stored as the spec's numbers (0 Optional ... 3 WhenSkippedOrFalsy). */
export const NotesRequired = { Optional: 0, Always: 1, WhenSkipped: 2, WhenSkippedOrFalsy: 3 } as const;
export type NotesRequired = (typeof NotesRequired)[keyof typeof NotesRequired];

/** The records a collection can target; the spec shows these and says the list goes on. */
export const TARGETS = ['job-occurrence-completion', 'job', 'customer', 'accountuser', 'any'] as const;
export const Target = z.enum(TARGETS);
export type Target = z.infer<typeof Target>;

/** Notes on one answer: at most 255 characters (spec 001 section 9). */
export const NOTES_MAX = 255;

/** A photo taken offline, kept in the answer as a small JPEG data URL (about 50 KB at most). */
export const PHOTO_MAX = 120_000;
export const isPhotoData = (v: string) => /^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/.test(v);

/**
 * A select option: its id is stable, its label is what people read. Answers store ids, so a
 * renamed option keeps its answers (the fault of storing labels: a rename orphans them).
 */
export const SelectOption = z.object({
  id: z.string().min(1).max(40),
  label: RequiredText('custom-fields.option-label-required', 100),
});
export type SelectOption = z.infer<typeof SelectOption>;

export const ItemSettings = z.object({
  decimalPlaces: z.number().int().min(0).max(6).default(0),
  prefix: z.string().max(20).default(''),
  suffix: z.string().max(20).default(''),
  selectOptions: z.array(SelectOption).max(100).default([]),
  selectMultiple: z.boolean().default(false),
});
export type ItemSettings = z.infer<typeof ItemSettings>;

export const Item = z
  .object({
    title: RequiredText('custom-fields.title-required', 200),
    description: z.string().max(1000).default(''),
    type: ItemType,
    notesRequired: z.coerce
      .number()
      .int()
      .min(0)
      .max(3)
      .default(0)
      .transform((n) => n as NotesRequired),
    skippable: z.boolean().default(false),
    active: z.boolean().default(true),
    settings: ItemSettings.default(ItemSettings.parse({})),
  })
  .superRefine((item, ctx) => {
    if (item.type === 'select' && item.settings.selectOptions.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'custom-fields.select-options-required' });
    }
    const ids = item.settings.selectOptions.map((o) => o.id);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: 'custom-fields.option-id-taken' });
    }
    if (item.notesRequired === NotesRequired.WhenSkipped && !item.skippable) {
      ctx.addIssue({ code: 'custom', message: 'custom-fields.when-skipped-needs-skippable' });
    }
  });
export type Item = z.infer<typeof Item>;
export type ItemInput = z.input<typeof Item>;

/** A collection of items (the spec's metadata collection schema), or a template of one. */
export const SchemaFields = z.object({
  title: RequiredText('custom-fields.title-required', 200),
  description: z.string().max(1000).default(''),
  target: Target,
  isTemplate: z.boolean().default(false),
  /** Must be complete before its record's action: a visit cannot be marked done before it is. */
  required: z.boolean().default(false),
});

export const FieldSchema = SchemaFields.extend({
  _id: Id,
  /** Keyed by a numeric index that is never reused (`nextIndex`). */
  items: z.record(z.string(), Item),
  nextIndex: z.number().int().min(0),
  /** Deleted while it had answers: kept for them, shown nowhere (spec: both flags). */
  archived: z.boolean().optional(),
  deleted: z.boolean().optional(),
});
export type FieldSchema = z.infer<typeof FieldSchema>;

/**
 * An answer's value, checked against its item's type by `answerError`: a yes or no, a number, text
 * (a signature is SVG path data; a photo its attachment's id, or, taken with no signal, the photo
 * itself made small, until the device is back online and uploads it), or the chosen options' ids.
 */
export const AnswerValue = z.union([
  z.boolean(),
  z.number().finite(),
  z.string().max(PHOTO_MAX),
  z.array(z.string().max(40)).max(100),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** One item's answer: its value, notes, or skipped (with notes as the reason). */
export const Answer = z.object({
  value: AnswerValue.optional(),
  notes: z.string().max(NOTES_MAX, 'custom-fields.notes-too-long').default(''),
  skipped: z.boolean().default(false),
});
export type Answer = z.infer<typeof Answer>;

/**
 * A visit is addressed by its job and due date (it may not be stored yet), so a visit's answers
 * are too: `targetObjectId` is `<jobId>/<isoDueDate>`.
 */
export const VisitTarget = z.object({ jobId: Id, isoDueDate: IsoDate });
export type VisitTarget = z.infer<typeof VisitTarget>;
export const visitTargetId = (v: VisitTarget) => `${v.jobId}/${v.isoDueDate}`;

/** The answers of one collection for one record (the spec's collection values). */
export interface FieldValues {
  _id: string;
  schemaId: string;
  target: Target;
  targetObjectId: string;
  /** The customer the record belongs to (a conflict notice names them), if any. */
  customerId?: string;
  /** A visit's people, copied from it, so a Worker's device receives the answers of its visits. */
  assignees: string[];
  values: Record<string, Answer>;
  _edits?: EditStamps;
}

/**
 * Which collections are enabled for a resource type (the global dialog: the spec's setting
 * `global.metadata-resource-type`) or for one record (a job's dialog): the spec's linker.
 */
export interface FieldLinker {
  _id: string;
  parentType: string;
  parentId: string;
  kind: 'metadata';
  schemaIds: string[];
}
export const globalLinkerId = (resourceType: string) => `global.${resourceType}`;
/** A job's own list (the dialog opened from a job): offered on the job and its visits, beside the global. */
export const jobLinkerId = (jobId: string) => `jobs/${jobId}`;

/** One values record per collection and record, so two devices filling offline write the same one. */
export function valuesId(schemaId: string, targetObjectId: string): string {
  const id = `${schemaId}.${targetObjectId}`;
  if (id.length <= 64) return id;
  const hash = (seed: number) => {
    let h = seed >>> 0;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(36).padStart(7, '0');
  };
  return `${schemaId.slice(0, 40)}.h${hash(0x811c9dc5)}${hash(0x01000193)}`;
}
