import type { Audit } from '@roundwise/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** An entry as the log answers it: with its place in the log (`cursor`). */
export interface Entry extends Audit.AuditEntry {
  cursor: string;
}

/** Spec 001 section 9: the first page is 50 entries, then 50 more as the user scrolls. */
export const PAGE_SIZE = 50;

/** `POST /api/audit/events`: the log, newest first, a page at a time after the last entry shown. */
export const entriesQuery = (query: string, createdBy: string) =>
  infiniteQueryOptions({
    queryKey: ['audit', 'events', query, createdBy],
    queryFn: ({ pageParam }) =>
      answer(
        api.audit.events.$post({
          json: {
            query,
            stopIndex: PAGE_SIZE,
            ...(pageParam ? { fromTimestamp: pageParam } : {}),
            ...(createdBy ? { createdBy } : {}),
          },
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => (last.items.length === PAGE_SIZE ? last.items.at(-1)?.cursor : undefined),
    // The log is read online (it is not on the device); it changes with every command.
    staleTime: 10_000,
  });

export const useEntries = (query: string, createdBy: string, enabled: boolean) =>
  useInfiniteQuery({ ...entriesQuery(query, createdBy), enabled });
