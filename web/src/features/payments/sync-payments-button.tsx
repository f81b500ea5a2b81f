import './strings.ts';
import { type Actor, checkAccess } from '@roundwise/core';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/errors';
import { answer, api } from '../../lib/http';
import { useMe } from '../../lib/me';
import { toast } from '../../lib/toast';

/**
 * 'Sync payments' (spec 000 section 6), the payments and pending screens' header action: asks
 * every connected provider now (`POST /api/payments/sync`); the changes then arrive by sync. Shown
 * to Owner/Admin at Advanced or above (the server checks the same) once something is connected.
 */
export function SyncPaymentsButton({ actor }: { actor: Actor }) {
  const { t } = useTranslation();
  const connections = useMe().account.settings.paymentConnections ?? {};
  const sync = useMutation({
    mutationFn: () => answer(api.payments.sync.$post()),
    onSuccess: () => toast.success(t('pending.synced')),
    onError: (error) => toast.error(errorText(t, error)),
  });
  const allowed = checkAccess({ roles: ['Owner', 'Admin'], minLevel: 'Advanced' }, actor).ok;
  if (!allowed || Object.keys(connections).length === 0) return null;
  return (
    <Button variant="outline" size="sm" disabled={sync.isPending} onClick={() => sync.mutate()}>
      <RefreshCw className={sync.isPending ? 'animate-spin' : undefined} />
      <span className="sr-only sm:not-sr-only">{t('pending.sync-payments')}</span>
    </Button>
  );
}
