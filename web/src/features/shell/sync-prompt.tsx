import { Cloud, CloudOff, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCacheSaved, useSyncStatus } from '../../lib/sync/hooks';
import { syncStatusKey } from './sync-status-key';

export function SyncPrompt() {
  const { t } = useTranslation();
  const { state, pending } = useSyncStatus();
  const saved = useCacheSaved();
  const { key, count } = syncStatusKey(state, pending);
  const text = t(key, { count });
  const Icon = state === 'offline' ? CloudOff : state === 'syncing' ? RefreshCw : Cloud;
  return (
    <span
      role="status"
      title={text}
      data-testid="sync-status"
      data-state={state}
      data-cache={saved ? 'saved' : 'saving'}
      className="inline-flex h-9 items-center gap-1.5 rounded-md px-2 text-xs text-muted-foreground"
    >
      <Icon className={state === 'syncing' ? 'size-4 animate-spin' : 'size-4'} aria-hidden />
      {/* Phones show the icon only: the count of items awaiting sync stays visible beside it. */}
      {pending > 0 && (
        <span
          aria-hidden
          className="min-w-4 rounded-full bg-muted px-1 text-center text-[11px] font-medium leading-4 text-foreground sm:hidden"
        >
          {pending}
        </span>
      )}
      <span className={state === 'synced' ? 'sr-only' : 'sr-only sm:not-sr-only'}>{text}</span>
    </span>
  );
}
