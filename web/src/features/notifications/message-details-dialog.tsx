import './strings.ts';
import { Eye, RotateCw, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useOnline } from '../../lib/use-online';
import { cancelOf, useCancelScheduled } from './api/cancel-scheduled';
import { useRetryMessage } from './api/retry-message';
import { canCancel, type MessageView, statusKey } from './message-view';
import { StatusBadge } from './status-badge';

/**
 * Delivery details (spec 000 section 2.6): the status history, retry for a failed message, cancel
 * for a scheduled one still ahead (online only, spec 002 section 5), and the sample view.
 */
export function MessageDetailsDialog({
  message,
  now,
  onOpenChange,
  onView,
}: {
  message: MessageView | undefined;
  now: Date;
  onOpenChange: (open: boolean) => void;
  onView: (message: MessageView) => void;
}) {
  const { t, i18n } = useTranslation();
  const retry = useRetryMessage();
  const cancel = useCancelScheduled();
  const online = useOnline();
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Dialog open={!!message} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('messages.details')}</DialogTitle>
          <DialogDescription>
            {message && `${t(`messages.type-${message.type}`)} · ${message.address}`}
          </DialogDescription>
        </DialogHeader>
        {message && (
          <div className="flex flex-col gap-3 text-sm">
            <div className="flex items-center gap-2">
              <StatusBadge message={message} />
              <span className="text-muted-foreground">{when(message.statusTime)}</span>
            </div>
            {message.sendAt && <p>{t('messages.scheduled-for', { when: when(message.sendAt) })}</p>}
            <div>
              <h3 className="mb-1 font-medium">{t('messages.history')}</h3>
              {message.history.length === 0 ? (
                <p className="text-muted-foreground">{t('messages.history-empty')}</p>
              ) : (
                <ol className="flex flex-col gap-1" data-testid="status-history">
                  {message.history.map((h, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and in order
                    <li key={i} className="flex justify-between gap-3">
                      <span>{t(statusKey(h.status))}</span>
                      <span className="text-muted-foreground">{when(h.timestamp)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
        <DialogFooter className="gap-2">
          {message && (
            <Button variant="outline" onClick={() => onView(message)}>
              <Eye aria-hidden />
              {t('messages.view')}
            </Button>
          )}
          {message?.retryable && message.outgoing && (
            <Button
              onClick={() => {
                retry.mutate({ _id: message.id }, { onError: (e) => toast.error(errorText(t, e)) });
                onOpenChange(false);
              }}
            >
              <RotateCw aria-hidden />
              {t('messages.retry')}
            </Button>
          )}
          {message && canCancel(message, now) && (
            <Button
              variant="destructive"
              onClick={() => {
                if (!online) {
                  toast.error(t('inbox.must-be-online'));
                  return;
                }
                cancel.mutate(cancelOf([message.id]), {
                  onSuccess: () => toast.success(t('inbox.scheduled-cancelled')),
                  onError: () => toast.error(t('inbox.cancel-scheduled-failed')),
                });
                onOpenChange(false);
              }}
            >
              <XCircle aria-hidden />
              {t('messages.cancel-scheduled')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
