import { AlertCircle, Ban, Check, CheckCheck, Clock, FileText, HelpCircle, Loader } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { type DisplayStatus, type MessageView, statusKey } from './message-view';

/** Spec 000 section 4: delivered green; read and opened a green double tick; failed red. */
const LOOK: Record<DisplayStatus, { icon: typeof Check; className: string }> = {
  pending: { icon: Loader, className: 'text-muted-foreground' },
  sent: { icon: Check, className: 'text-muted-foreground' },
  delivered: { icon: Check, className: 'text-success' },
  read: { icon: CheckCheck, className: 'text-success' },
  opened: { icon: CheckCheck, className: 'text-success' },
  failed: { icon: AlertCircle, className: 'text-destructive' },
  scheduled: { icon: Clock, className: 'text-blue-700 dark:text-blue-400' },
  cancelled: { icon: Ban, className: 'text-muted-foreground' },
  draft: { icon: FileText, className: 'text-muted-foreground' },
  Unknown: { icon: HelpCircle, className: 'text-muted-foreground' },
};

/** The message's status as icon and word; pending wins while the message is not sent. */
export function StatusBadge({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const status: DisplayStatus = message.pending ? 'pending' : message.status;
  const { icon: Icon, className } = LOOK[status];
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs', className)} data-status={status}>
      <Icon className="size-3.5" aria-hidden />
      {t(statusKey(status))}
    </span>
  );
}
