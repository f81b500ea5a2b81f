import { z } from 'zod';

/**
 * The rich-text editor's document (spec 002 section 3, "state (rich-text editor state)"): the
 * ProseMirror JSON the editor (TipTap) gives, stored as it is so the editor reopens it exactly.
 * Its shape is only checked here (the node names and attributes are the editor's); the HTML
 * generator draws the nodes and marks it knows and drops the rest.
 */
export interface RichMark {
  type: string;
  attrs?: Record<string, unknown>;
}
export interface RichNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: RichNode[];
  marks?: RichMark[];
  text?: string;
}

const Attrs = z.record(z.string(), z.unknown()).optional();
const Mark = z.object({ type: z.string().max(50), attrs: Attrs });

export const RichNode: z.ZodType<RichNode> = z.lazy(() =>
  z.object({
    type: z.string().max(50),
    attrs: Attrs,
    content: z.array(RichNode).optional(),
    marks: z.array(Mark).optional(),
    text: z.string().optional(),
  }),
);

/** Deeper than any list a person nests; the generator recurses, so the depth is bounded. */
export const MAX_DEPTH = 20;
export const MAX_DOC_BYTES = 100_000;

/** Nesting depth of a JSON value, walked without recursion (a hostile input may be thousands deep). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > deepest) deepest = d;
    if (deepest > MAX_DEPTH * 4) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

function fits(value: unknown): boolean {
  // Each node is an object in a `content` array: two JSON levels per document level.
  if (depthOf(value) > MAX_DEPTH * 2 + 2) return false;
  const json = JSON.stringify(value);
  return json !== undefined && json.length <= MAX_DOC_BYTES;
}

/**
 * A whole document: a `doc` node, at most 100 KB of JSON (a template is one table item) and 20
 * levels deep. Size and depth are checked before the shape, so a huge or deep input is refused
 * without being walked recursively.
 */
export const RichDoc = z
  .unknown()
  .refine(fits, 'templates.too-large')
  .pipe(RichNode)
  .refine((doc) => doc.type === 'doc', 'general.validation-failed');

/** An empty document (a template made before its body is written). */
export const emptyDoc = (): RichNode => ({ type: 'doc', content: [{ type: 'paragraph' }] });
