import './strings.ts';
import type { AccountSettings } from '@roundwise/core';
import { Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

type CannedResponse = AccountSettings['cannedResponses'][number];

/** Spec 001 section 9: the picker previews 50 characters; the copy notice shows for 3 seconds. */
export const PREVIEW_CHARS = 50;
export const COPY_NOTICE_MS = 3000;

export const preview = (message: string) =>
  message.length > PREVIEW_CHARS ? `${message.slice(0, PREVIEW_CHARS)}…` : message;

/** The canned-response picker (spec 001 section 2.9): title and preview; picking inserts it. */
export function CannedResponsePicker({
  open,
  onOpenChange,
  responses,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  responses: readonly CannedResponse[];
  onPick: (message: string) => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('canned-responses.pick')}</DialogTitle>
          <DialogDescription className="sr-only">{t('canned-responses.pick')}</DialogDescription>
        </DialogHeader>
        {responses.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('canned-responses.none')}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="canned-picker">
            {responses.map((r) => (
              <li key={r.id} className="flex items-center gap-1">
                <button
                  type="button"
                  className="flex min-w-0 flex-1 flex-col items-start px-3 py-2 text-left hover:bg-accent"
                  aria-label={t('canned-responses.insert', { title: r.title })}
                  onClick={() => {
                    onPick(r.message);
                    onOpenChange(false);
                  }}
                >
                  <span className="font-medium">{r.title}</span>
                  <span className="w-full truncate text-sm text-muted-foreground">{preview(r.message)}</span>
                </button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('canned-responses.copy')}
                  onClick={() => {
                    void navigator.clipboard?.writeText(r.message).catch(() => {});
                    setCopied(true);
                  }}
                >
                  <Copy aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {copied && (
          <p role="status" className="text-sm text-green-700 dark:text-green-400">
            {t('canned-responses.copied')}
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
