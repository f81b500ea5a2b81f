import './strings.ts';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAccountId, useRefusedCommands } from '../../lib/sync/hooks';

/** The name or title a command's input carries, so the user can tell which change it was. */
function labelOf(input: unknown): string | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const { name, title, changes } = input as { name?: unknown; title?: unknown; changes?: unknown };
  const label = name ?? title;
  if (typeof label === 'string' && label.trim()) return label.trim();
  return changes ? labelOf(changes) : undefined;
}

/**
 * Changes the server refused when they were sent (often a replay after working offline): rolled
 * back on the device, so each is shown here with the server's message until the user dismisses
 * it. Nothing the user entered disappears without a word (lib/sync/README.md).
 */
export function RefusedChanges() {
  const { t } = useTranslation();
  const accountId = useAccountId();
  const { refused, dismiss } = useRefusedCommands();
  const mine = refused.filter((r) => r.accountId === accountId);
  if (mine.length === 0) return null;
  return (
    <ul data-testid="refused-changes" className="border-b">
      {mine.map((r) => {
        const label = labelOf(r.input);
        return (
          <li
            key={r.commandId}
            role="alert"
            className="flex items-start gap-3 bg-red-50 px-4 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {label ? t('sync.refused-title-named', { name: label }) : t('sync.refused-title')}
              </p>
              <p>{t(r.code, r.params)}</p>
            </div>
            <button
              type="button"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-red-100 dark:hover:bg-red-900"
              aria-label={t('sync.refused-dismiss')}
              onClick={() => dismiss(r.commandId)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
