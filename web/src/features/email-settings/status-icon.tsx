import './strings.ts';
import { CircleCheck, CircleOff, Loader2, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * Spec 002 section 4's status icons: a spinner while busy, a green tick when connected or valid,
 * a warning when invalid or set but unverified, a disabled icon when unset.
 */
export type MailStatus = 'busy' | 'valid' | 'invalid' | 'unverified' | 'unset';

export function StatusIcon({ status }: { status: MailStatus }) {
  const { t } = useTranslation();
  const label = t(`email-settings.status-${status}`);
  const common = { role: 'img', 'aria-label': label, 'data-status': status } as const;
  if (status === 'busy') return <Loader2 {...common} className="size-5 animate-spin text-muted-foreground" />;
  if (status === 'valid')
    return <CircleCheck {...common} className="size-5 text-green-700 dark:text-green-400" />;
  if (status === 'unset') return <CircleOff {...common} className="size-5 text-muted-foreground" />;
  return <TriangleAlert {...common} className="size-5 text-amber-600 dark:text-amber-400" />;
}
