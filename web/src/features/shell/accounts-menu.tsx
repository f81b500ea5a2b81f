import type { Me, Membership } from '@roundwise/core';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { api } from '../../lib/api';
import { meQuery } from '../../lib/me';
import { NotConnectedDialog } from './not-connected-dialog';

/**
 * The connected-accounts menu (spec 000 section 2.2): the current business, and when the user
 * belongs to several, a menu of them. Switching needs a connection (`POST /api/me/account`);
 * offline it explains why it cannot (spec 000 section 8, 'Not Connected').
 */
export function AccountsMenu({
  me,
  toggles,
  onSwitched,
}: {
  me: Me;
  toggles: boolean;
  onSwitched?: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [offline, setOffline] = useState(false);
  const switchTo = useMutation({
    mutationFn: (accountId: string) => api.post<Me>('/me/account', { accountId }),
    onSuccess: async (next) => {
      // Online-only data of the old account goes; synced entities live under per-account keys.
      client.removeQueries({ predicate: (q) => q.queryKey[0] === 'users' });
      client.setQueryData(meQuery.queryKey, next);
      onSwitched?.();
      await navigate({ to: '/' });
    },
  });
  const current = (
    <span data-testid="current-account" className="truncate">
      {me.account.businessName}
    </span>
  );
  if (!toggles) {
    return <div className="flex min-h-9 items-center px-2 text-sm font-medium">{current}</div>;
  }
  const choose = (m: Membership) => {
    if (m.accountId === me.account.accountId) return;
    if (!onlineManager.isOnline()) {
      setOffline(true);
      return;
    }
    switchTo.mutate(m.accountId, { onError: () => setOffline(!onlineManager.isOnline()) });
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className="flex min-h-9 w-full items-center gap-2 rounded-md px-2 text-left text-sm font-medium hover:bg-accent"
          aria-label={t('drawer.switch-account-current', { name: me.account.businessName })}
        >
          {current}
          <ChevronsUpDown className="ml-auto size-4 shrink-0 opacity-60" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="min-w-56">
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
            {t('drawer.switch-account')}
          </DropdownMenuLabel>
          {me.memberships.map((m) => (
            <DropdownMenuItem key={m.accountId} onSelect={() => choose(m)} className="cursor-pointer">
              <Check
                className={m.accountId === me.account.accountId ? 'size-4' : 'size-4 invisible'}
                aria-hidden
              />
              <span className="flex-1">{m.businessName}</span>
              <span className="text-xs text-muted-foreground">
                {m.roles.map((r) => t(`role.${r}`)).join(', ')}
              </span>
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <NotConnectedDialog open={offline} onOpenChange={setOffline} />
    </>
  );
}
