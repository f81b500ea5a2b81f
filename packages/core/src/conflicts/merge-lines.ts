import { diff3Merge } from 'node-diff3';

/**
 * A three-way merge of free text by lines: what `mine` and `theirs` each changed from `base`,
 * together. Lines both sides added at the same place (two people each adding a line at the end
 * of the notes) are both kept, the earlier edit's first. Undefined when both changed the same
 * lines differently: then the text is a conflict, decided like any other field.
 */
export function mergeLines(
  base: string,
  mine: string,
  theirs: string,
  mineFirst: boolean,
): string | undefined {
  const regions = diff3Merge(mine.split('\n'), base.split('\n'), theirs.split('\n'), {
    excludeFalseConflicts: true,
  });
  const out: string[] = [];
  for (const region of regions) {
    if (!region.conflict) {
      out.push(...(region.ok ?? []));
      continue;
    }
    const { a, o, b } = region.conflict;
    // Both inserted here and removed nothing (or only the empty line of empty notes): keep both.
    if (o.length > 1 || (o.length === 1 && o[0] !== '')) return undefined;
    const [first, second] = mineFirst ? [a, b] : [b, a];
    out.push(...first, ...second);
  }
  return out.join('\n');
}
