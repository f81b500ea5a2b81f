import { newId, type Templates } from '@roundwise/core';

/** Where a block is: a top-level index, or a columns block's index, a column and an index in it. */
export type Path = readonly [number] | readonly [number, number, number];
type Block = Templates.Block;
type Leaf = Templates.LeafBlock;

export const samePath = (a: Path | undefined, b: Path) =>
  !!a && a.length === b.length && a.every((x, i) => x === b[i]);

export function blockAt(blocks: readonly Block[], path: Path): Block | undefined {
  const top = blocks[path[0]];
  if (path.length === 1 || top?.type !== 'columns') return top;
  return top.columns[path[1]]?.[path[2]];
}

/** `blocks` with the column list at `path` (a columns block's column) changed by `edit`. */
function editColumn(
  blocks: readonly Block[],
  [i, c]: readonly number[],
  edit: (column: Leaf[]) => Leaf[],
): Block[] {
  return blocks.map((b, j) =>
    j === i && b.type === 'columns'
      ? { ...b, columns: b.columns.map((col, k) => (k === c ? edit(col) : col)) }
      : b,
  );
}

export function replaceAt(blocks: readonly Block[], path: Path, block: Block): Block[] {
  if (path.length === 1) return blocks.map((b, j) => (j === path[0] ? block : b));
  return editColumn(blocks, path, (col) => col.map((b, j) => (j === path[2] ? (block as Leaf) : b)));
}

export function removeAt(blocks: readonly Block[], path: Path): Block[] {
  if (path.length === 1) return blocks.filter((_, j) => j !== path[0]);
  return editColumn(blocks, path, (col) => col.filter((_, j) => j !== path[2]));
}

function swap<T>(list: readonly T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j] as T, out[i] as T];
  return out;
}

/** Moves the block at `path` one place up (-1) or down (+1) in its own list. */
export function moveAt(blocks: readonly Block[], path: Path, delta: -1 | 1): Block[] {
  if (path.length === 1) return swap(blocks, path[0], delta);
  return editColumn(blocks, path, (col) => swap(col, path[2], delta));
}

export const LEAF_TYPES = ['text', 'image', 'button', 'divider', 'spacer'] as const;
export const BLOCK_TYPES = [...LEAF_TYPES, 'columns'] as const;

/** A new block of a type, with the values it starts with (an image with a bundled picture, so it shows). */
export function newBlock(type: Templates.BlockType, origin: string): Block {
  const id = newId();
  switch (type) {
    case 'text':
      return { id, type, text: '', size: 'normal', align: 'left', bold: false };
    case 'image':
      return {
        id,
        type,
        src: `${origin}/api/photos/local/blue-sky.png`,
        alt: '',
        href: '',
        width: 100,
        align: 'center',
      };
    case 'button':
      return {
        id,
        type,
        label: 'Book now',
        // No default link: the staff app's address would send customers to its sign-in page.
        href: '',
        background: '#4f46e5',
        colour: '#ffffff',
        align: 'center',
      };
    case 'divider':
      return { id, type, colour: '#e5e7eb', thickness: 1 };
    case 'spacer':
      return { id, type, height: 24 };
    case 'columns':
      return { id, type, columns: [[newBlock('text', origin) as Leaf], [newBlock('text', origin) as Leaf]] };
  }
}

/** Adds a block at the end of the top level, or of a column. */
export function append(blocks: readonly Block[], block: Block, column?: readonly [number, number]): Block[] {
  if (!column) return [...blocks, block];
  return editColumn(blocks, column, (col) => [...col, block as Leaf]);
}
