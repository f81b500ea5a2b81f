import './strings.ts';
import type { Me, Membership } from '@roundwise/core';
import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ChevronsUpDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answer, api } from '../../lib/http';
import { meQuery } from '../../lib/me';
import { useOpenedOnce } from '../../lib/use-opened-once';

const loadDropdown = () => void import('./accounts-dropdown');
// 'Not Connected' (a radix dialog) loads the first time it is needed.
const NotConnectedDialog = lazy(() =>
  import('./not-connected-dialog').then((m) => ({ default: m.NotConnectedDialog })),
);
const AccountsDropdown = lazy(() =>
  import('./accounts-dropdown').then((m) => ({ default: m.AccountsDropdown })),
);

const TRIGGER_CLASS =
  'flex min-h-9 w-full items-center gap-2 rounded-md px-2 text-left text-sm font-medium hover:bg-accent';

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
  const [open, setOpen] = useState(false);
  const offlineShown = useOpenedOnce(offline);
  const switchTo = useMutation({
    mutationFn: (accountId: string) => answer(api.me.account.$post({ json: { accountId } })),
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
  const label = t('drawer.switch-account-current', { name: me.account.businessName });
  const chevron = <ChevronsUpDown className="ml-auto size-4 shrink-0 opacity-60" aria-hidden />;
  // A plain button until first used: the menu (radix's dropdown and floating-ui, about 30 KB
  // gzipped) loads when the pointer comes near or the button is focused, and opens on the click.
  const trigger = (
    <button
      type="button"
      className={TRIGGER_CLASS}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={loadDropdown}
      onFocus={loadDropdown}
      onClick={() => setOpen(true)}
    >
      {current}
      {chevron}
    </button>
  );
  return (
    <>
      {open ? (
        <Suspense fallback={trigger}>
          <AccountsDropdown me={me} triggerClass={TRIGGER_CLASS} label={label} onChoose={choose}>
            {current}
            {chevron}
          </AccountsDropdown>
        </Suspense>
      ) : (
        trigger
      )}
      {offlineShown && (
        <Suspense fallback={null}>
          <NotConnectedDialog open={offline} onOpenChange={setOffline} />
        </Suspense>
      )}
    </>
  );
}
