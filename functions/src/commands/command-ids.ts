import { createHash } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/**
 * The ids a command creates (`ctx.newId`), derived from its `commandId`: the n-th id of a
 * command is the same on every run of it. So two runs of one command (a duplicate send, a
 * replay after a crash) create the same entities, and the second collides with the first on
 * the item's `attribute_not_exists` condition instead of creating a copy. Ids are ULIDs: the
 * time part is the commandId's own when it is a ULID (the web app's are), so ids still sort by
 * when the user acted; the rest is a hash of the commandId and n.
 */
export function commandIds(commandId: string): () => string {
  const upper = commandId.toUpperCase();
  const time = ULID.test(upper) ? upper.slice(0, 10) : undefined;
  let n = 0;
  return () => {
    const digest = createHash('sha256').update(`${commandId}#${n++}`).digest();
    let text = '';
    for (let i = 0; i < 26; i++) text += CROCKFORD[(digest[i] as number) & 31];
    // Not a ULID commandId: the whole id comes from the hash; a first digit of 0-7 keeps it a ULID.
    return time ? time + text.slice(10) : CROCKFORD[(digest[26] as number) & 7] + text.slice(1);
  };
}
