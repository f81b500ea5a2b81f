import { useState } from 'react';

/**
 * Whether `open` has ever been true: a dialog or sheet whose code loads on first use mounts then
 * and stays mounted, so it closes with its animation and keeps radix's focus return.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
