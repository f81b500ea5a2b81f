import { Portal } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { answer, api } from '../../../lib/http';

/** How long typing pauses before the handle is asked about. */
const DEBOUNCE_MS = 300;

/**
 * `GET /api/directory/handle/{handle}`: whether a URL handle is free for this account (spec 002
 * section 2.5: unique across accounts), asked as the owner types. A handle that breaks the
 * format is answered here without a request. `undefined` while waiting for the answer.
 */
export function useHandleCheck(handle: string): { available: boolean; code?: string } | undefined {
  const [typed, setTyped] = useState(handle);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(handle), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [handle]);
  const valid = Portal.Handle.safeParse(typed);
  const check = useQuery({
    queryKey: ['directory', 'handle', valid.data],
    queryFn: () => answer(api.directory.handle[':handle'].$get({ param: { handle: valid.data ?? '' } })),
    enabled: valid.success && typed === handle,
    staleTime: 5_000,
  });
  if (!handle.trim()) return undefined;
  if (!valid.success) return { available: false, code: 'portal.handle-invalid' };
  if (typed !== handle || !check.data) return undefined;
  return check.data;
}
