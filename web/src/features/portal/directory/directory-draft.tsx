import { type Entity, Portal } from '@roundwise/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useMe } from '../../../lib/me';
import { type SyncState, syncKey } from '../../../lib/sync/cache';
import { useAccountId, useEntity } from '../../../lib/sync/hooks';
import { saveOf, useSaveDirectory } from './save-directory';

export type DirectoryDraft = Portal.DirectoryFields;

const FIELDS = Object.keys(Portal.DirectoryFields.shape) as (keyof DirectoryDraft)[];

/** The saved entry as the screens edit it: every field present, defaults where it has none. */
export function draftOf(saved: Partial<Portal.Directory> | undefined, businessName: string): DirectoryDraft {
  const own = Object.fromEntries(FIELDS.flatMap((f) => (saved?.[f] === undefined ? [] : [[f, saved[f]]])));
  return {
    setupComplete: false,
    portalEnabled: 'n',
    isPublic: 'n',
    uniqueUrl: '',
    businessName,
    summary: '',
    telephone: '',
    email: '',
    addressDescription: '',
    logo: '',
    banner: '',
    services: [],
    ...own,
    config: { ...Portal.DirectoryConfig.parse({}), ...saved?.config },
  };
}

/** JSON with keys in order, so two copies of the same entry compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

interface DirectoryState {
  /** The saved entry; undefined before the first save. */
  saved: Entity<Portal.Directory> | undefined;
  /** Whether the device has the account's data yet (else "no entry" may only mean "not loaded"). */
  loaded: boolean;
  draft: DirectoryDraft;
  change: (update: (draft: DirectoryDraft) => DirectoryDraft) => void;
  /** The draft differs from the saved entry (spec 002 section 4: by comparison with the original). */
  dirty: boolean;
  /** Saves `entry` (the draft by default); the refusal is thrown for the caller to show. */
  save: (entry?: DirectoryDraft) => Promise<Portal.Directory>;
  saving: boolean;
}

const DirectoryContext = createContext<DirectoryState | undefined>(undefined);

export function useDirectory(): DirectoryState {
  const state = useContext(DirectoryContext);
  if (!state) throw new Error('useDirectory outside DirectoryProvider');
  return state;
}

function useSyncLoaded() {
  const accountId = useAccountId() ?? '';
  const { data } = useQuery<SyncState>({ queryKey: syncKey(accountId), queryFn: skipToken });
  return data?.loaded ?? false;
}

/**
 * The directory entry being edited, shared by the portal's tabs (settings, themes, the wizard):
 * one draft, so moving between tabs keeps unsaved changes, and one Save for all of them. A newer
 * saved copy (a sync, another device) replaces the draft only while it has no changes.
 */
export function DirectoryProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const accountId = useAccountId() ?? '';
  const saved = useEntity<Portal.Directory>('portalDirectory', accountId);
  const loaded = useSyncLoaded();
  const businessName = me.account.businessName;
  const original = useMemo(() => draftOf(saved, businessName), [saved, businessName]);
  const [draft, setDraft] = useState(original);
  const dirty = stableJson(draft) !== stableJson(original);
  const [base, setBase] = useState(original);
  useEffect(() => {
    // A new saved copy: take it unless the owner is part-way through changes of their own.
    if (stableJson(base) === stableJson(original)) return;
    setBase(original);
    setDraft((d) => (stableJson(d) === stableJson(base) ? original : d));
  }, [original, base]);
  const mutation = useSaveDirectory(me.user.email);
  const save = useCallback(
    async (entry?: DirectoryDraft) => {
      const directory = await mutation.mutateAsync(saveOf(entry ?? draft));
      const next = draftOf(directory, businessName);
      setBase(next);
      setDraft(next);
      return directory;
    },
    [mutation, draft, businessName],
  );
  const state: DirectoryState = {
    saved,
    loaded: loaded || !!saved,
    draft,
    change: setDraft,
    dirty,
    save,
    saving: mutation.isPending,
  };
  return <DirectoryContext.Provider value={state}>{children}</DirectoryContext.Provider>;
}
