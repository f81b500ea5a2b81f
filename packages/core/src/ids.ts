import { monotonicFactory } from 'ulidx';

/** ULIDs sort by creation time, so ids made offline on a phone still order sensibly. */
const next = monotonicFactory();
export const newId = (): string => next();
