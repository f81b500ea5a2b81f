import { useLocation } from '@tanstack/react-router';
import './strings.ts';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
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
 * it or moves to another screen after seeing it (it used to follow the user to every screen).
 * Nothing the user entered disappears without a word (lib/sync/README.md). One alert holding a
 * plain list: `role=alert` on the items themselves made the list invalid (WCAG 1.3.1).
 */
export function RefusedChanges() {
  const { t } = useTranslation();
  const accountId = useAccountId();
  const { refused, dismiss } = useRefusedCommands();
  const { pathname } = useLocation();
  const mine = refused.filter((r) => r.accountId === accountId);
  // The screen each refusal was first shown on; leaving that screen clears it.
  const shownOn = useRef(new Map<string, string>());
  for (const r of mine) if (!shownOn.current.has(r.commandId)) shownOn.current.set(r.commandId, pathname);
  useEffect(() => {
    for (const [commandId, where] of shownOn.current) {
      if (where === pathname) continue;
      shownOn.current.delete(commandId);
      dismiss(commandId);
    }
  }, [pathname, dismiss]);
  if (mine.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="refused-changes"
      className="border-b bg-destructive/10 text-sm text-destructive dark:bg-destructive/20 dark:text-foreground"
    >
      <ul>
        {mine.map((r) => {
          const label = labelOf(r.input);
          return (
            <li key={r.commandId} className="flex items-start gap-3 px-4 py-2">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {label ? t('sync.refused-title-named', { name: label }) : t('sync.refused-title')}
                </p>
                <p>{t(r.code, r.params)}</p>
              </div>
              <button
                type="button"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-md hover:bg-destructive/10"
                aria-label={t('sync.refused-dismiss')}
                onClick={() => dismiss(r.commandId)}
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
