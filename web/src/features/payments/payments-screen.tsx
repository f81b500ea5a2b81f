import './strings.ts';
import { type Actor, type Customers, type Entity, Payments, Sync } from '@roundwise/core';
import { clsx } from 'clsx';
import { ChevronDown, ChevronRight, Filter, Landmark, Wallet } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { secondaryButtonClass } from '../../components/form';
import { Bar, barButton } from '../../components/menu-bars/bar';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { dayLabel, money } from '../../lib/format';
import { useEntities, useEntityList } from '../../lib/sync/hooks';
import { useWindowList } from '../../lib/use-window-list';
import { PaymentAccountsDialog } from './payment-accounts-dialog';
import { PaymentDetailDialog } from './payment-detail-dialog';
import {
  type PaymentListSettings,
  readPaymentListSettings,
  savePaymentListSettings,
} from './payment-list-settings';
import { creditDebit } from './payment-words';
import { SyncPaymentsButton } from './sync-payments-button';

export type PaymentsView = 'payments' | 'duplicates';

/** Fixed heights: the virtualiser places rows without measuring them. */
const HEADER_HEIGHT = 60;
const ITEM_HEIGHT = 64;

type Row =
  | { kind: 'day'; group: Payments.DayGroup<Entity<Payments.Transaction>>; open: boolean }
  | { kind: 'item'; payment: Entity<Payments.Transaction> };

/**
 * `payments` (spec 000 section 2.7): the payments of one payment account or of all, in day groups
 * that expand (newest open), each with its total and, when chosen, the balance at its end from the
 * account's opening balance; a filter menu (method, status, hide cancelled, balances), the search
 * bar, 'Load more' by days, and the duplicate payments (core's rule) in the same layout. Read from
 * the ledger the device holds (docs/payments.md, "Payments screen").
 */
export function PaymentsScreen({
  actor,
  view,
  onView,
}: {
  actor: Actor;
  view: PaymentsView;
  onView: (view: PaymentsView) => void;
}) {
  const { t, i18n } = useTranslation();
  const holdsLedger = !!Sync.viewFor(actor).types.transaction;
  const transactions = useEntityList<Payments.Transaction>('transaction');
  const accounts = useEntityList<Payments.PaymentAccount>('paymentAccount');
  const customers = useEntities<Customers.Customer>('customer');
  const [settings, setSettings] = useState<PaymentListSettings>(readPaymentListSettings);
  const change = (next: Partial<PaymentListSettings>) => {
    const merged = { ...settings, ...next };
    setSettings(merged);
    savePaymentListSettings(merged);
  };
  const account = accounts.find((a) => a._id === settings.account);
  const [text, setText] = useState('');
  const [method, setMethod] = useState<string>('all');
  const [status, setStatus] = useState<'all' | 'pending' | 'complete'>('all');
  const [days, setDays] = useState(Payments.DAYS_PER_PAGE);
  const [opened, setOpened] = useState<Set<string>>();
  const [detail, setDetail] = useState<string>();
  const [managing, setManaging] = useState(false);
  const canManage = actor.roles.includes('Owner') || actor.roles.includes('Admin');

  const source = useMemo(
    () => (view === 'duplicates' ? Payments.duplicatePayments(transactions) : transactions),
    [view, transactions],
  );
  const methods = useMemo(
    () => [...new Set(transactions.filter(Payments.isPayment).map((x) => x.transactionSubType ?? ''))].sort(),
    [transactions],
  );
  const openingBalance = account
    ? (account.openingBalance ?? 0)
    : accounts.reduce((sum, a) => sum + (a.openingBalance ?? 0), 0);
  const groups = useMemo(
    () =>
      Payments.paymentDayGroups(source, {
        paymentAccountId: account?._id,
        hideCancelled: settings.hideCancelled,
        method: method === 'all' ? undefined : method,
        status: status === 'all' ? undefined : status,
        text,
        customerName: (id) => customers[id]?.name,
        openingBalance,
      }),
    [source, account?._id, settings.hideCancelled, method, status, text, customers, openingBalance],
  );
  const filtered = text !== '' || method !== 'all' || status !== 'all' || settings.hideCancelled;
  // Whether the account has any (for the empty text): asked only when the filters leave none.
  const anyAtAll = useMemo(
    () =>
      groups.length > 0 || Payments.paymentDayGroups(source, { paymentAccountId: account?._id }).length > 0,
    [groups.length, source, account?._id],
  );
  // A new list (another account, filter or search) starts again from its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes only
  useEffect(() => {
    setDays(Payments.DAYS_PER_PAGE);
    setOpened(undefined);
  }, [view, settings.account, settings.hideCancelled, method, status, text]);
  const isOpen = (date: string, index: number) => (opened ? opened.has(date) : index === 0);
  const toggle = (date: string) => {
    const next = new Set(opened ?? (groups[0] ? [groups[0].date] : []));
    if (next.has(date)) next.delete(date);
    else next.add(date);
    setOpened(next);
  };
  const page = groups.slice(0, days);
  const rows: Row[] = [];
  page.forEach((group, index) => {
    const open = isOpen(group.date, index);
    rows.push({ kind: 'day', group, open });
    if (open) for (const payment of group.items) rows.push({ kind: 'item', payment });
  });
  const count = page.reduce((n, g) => n + g.items.length, 0);
  const selected = detail ? transactions.find((x) => x._id === detail) : undefined;

  const filterMenu = (
    <DropdownMenu>
      <DropdownMenuTrigger className={barButton} aria-label={t('payments.filter')}>
        <Filter className={clsx('size-4', filtered && 'text-primary')} aria-hidden />
        <span className="sr-only sm:not-sr-only">{t('payments.filter')}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-56">
        <DropdownMenuLabel>{t('payments.method')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={method} onValueChange={setMethod}>
          <DropdownMenuRadioItem value="all">{t('payments.method-all')}</DropdownMenuRadioItem>
          {methods.map((m) => (
            <DropdownMenuRadioItem key={m} value={m}>
              {methodLabel(t, m)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('payments.status')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={status} onValueChange={(v) => setStatus(v as typeof status)}>
          <DropdownMenuRadioItem value="all">{t('payments.status-all')}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="pending">{t('payments.status-pending')}</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="complete">{t('payments.status-complete')}</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem
          checked={settings.hideCancelled}
          onCheckedChange={(on) => change({ hideCancelled: on === true })}
        >
          {t('payments.hide-cancelled')}
        </DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem
          checked={settings.showBalances}
          onCheckedChange={(on) => change({ showBalances: on === true })}
        >
          {t('payments.show-balances')}
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );

  return (
    <Screen
      title={t('route.payments')}
      actions={
        <>
          <SyncPaymentsButton actor={actor} />
          {canManage && (
            <button type="button" className={secondaryButtonClass} onClick={() => setManaging(true)}>
              <Landmark className="size-4" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t('payments.accounts')}</span>
            </button>
          )}
        </>
      }
      bars={
        <div className="sticky top-14 z-10">
          <Bar label={t('payments.views')} className="gap-1">
            {(['payments', 'duplicates'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => onView(v)}
                className={clsx(barButton, view === v && 'bg-accent font-medium text-foreground')}
              >
                {t(`payments.view-${v}`)}
              </button>
            ))}
            <select
              aria-label={t('payments.account')}
              value={account ? account._id : 'all'}
              onChange={(e) => change({ account: e.target.value })}
              className={clsx(barButton, 'ml-auto max-w-44 bg-transparent')}
            >
              <option value="all">{t('payments.all-accounts')}</option>
              {accounts.map((a) => (
                <option key={a._id} value={a._id}>
                  {a.name}
                </option>
              ))}
            </select>
          </Bar>
          <SearchBar
            value={text}
            onSearch={(value) => {
              performance.mark('payments.search');
              setText(value);
            }}
            placeholder={t('payments.search')}
          />
          <ListBar
            summary={
              groups.length
                ? t('payments.shown', { count, days: page.length, total: groups.length })
                : undefined
            }
          >
            {filterMenu}
          </ListBar>
        </div>
      }
    >
      {!holdsLedger ? (
        <EmptyState icon={Wallet} title={t('route.payments')} text={t('payments.not-on-device')} />
      ) : groups.length === 0 ? (
        <EmptyState
          icon={Wallet}
          title={t('route.payments')}
          text={t(
            view === 'duplicates'
              ? anyAtAll
                ? 'payments.duplicates-empty-filtered'
                : 'payments.duplicates-empty'
              : anyAtAll
                ? 'payments.empty-filtered'
                : 'payments.empty',
          )}
        />
      ) : (
        <>
          <VirtualRows
            rows={rows}
            days={page.length}
            totalDays={groups.length}
            view={view}
            query={text}
            showBalances={settings.showBalances}
            onToggle={toggle}
            onOpen={setDetail}
            customerName={(id) => customers[id]?.name ?? ''}
            language={i18n.language}
          />
          {groups.length > page.length && (
            <div className="flex justify-center py-4">
              <Button variant="outline" onClick={() => setDays((d) => d + Payments.DAYS_PER_PAGE)}>
                {t('payments.load-more')}
              </Button>
            </div>
          )}
        </>
      )}
      {selected && (
        <PaymentDetailDialog
          actor={actor}
          payment={selected}
          transactions={transactions}
          accounts={accounts}
          customerName={selected.customerId ? (customers[selected.customerId]?.name ?? '') : ''}
          onClose={() => setDetail(undefined)}
        />
      )}
      {canManage && <PaymentAccountsDialog open={managing} onOpenChange={setManaging} accounts={accounts} />}
    </Screen>
  );
}

/** A method's words: the four hand methods have their own; a provider's name is shown as it is. */
export function methodLabel(t: (key: string) => string, method: string): string {
  return (Payments.PaymentMethod.options as readonly string[]).includes(method)
    ? t(`payments.method-${method}`)
    : method || t('payments.method-other');
}

function VirtualRows({
  rows,
  days,
  totalDays,
  view,
  query,
  showBalances,
  onToggle,
  onOpen,
  customerName,
  language,
}: {
  rows: Row[];
  /** Days shown of how many: the list says so (the rows themselves are virtualised). */
  days: number;
  totalDays: number;
  view: PaymentsView;
  query: string;
  showBalances: boolean;
  onToggle: (date: string) => void;
  onOpen: (id: string) => void;
  customerName: (id: string) => string;
  language: string;
}) {
  const { t } = useTranslation();
  const { listRef, virtualizer, top } = useWindowList<HTMLUListElement>({
    count: rows.length,
    estimateSize: (i) => (rows[i]?.kind === 'day' ? HEADER_HEIGHT : ITEM_HEIGHT),
    getItemKey: (i) => {
      const row = rows[i] as Row;
      return row.kind === 'day' ? `d${row.group.date}` : row.payment._id;
    },
  });
  // The benchmark (scripts/bench/payments-web.ts) times the click on Payments to this mark.
  useEffect(() => {
    performance.mark('payments.painted');
  }, []);
  return (
    <ul
      ref={listRef}
      aria-label={t(`payments.view-${view}`)}
      data-testid="payment-list"
      data-query={query}
      data-days={days}
      data-total-days={totalDays}
      className="relative rounded-lg border"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index] as Row;
        const style = {
          height: row.kind === 'day' ? HEADER_HEIGHT : ITEM_HEIGHT,
          transform: `translateY(${top(item)}px)`,
        };
        if (row.kind === 'day') {
          const { group, open } = row;
          const Icon = open ? ChevronDown : ChevronRight;
          return (
            <li key={item.key} className="absolute inset-x-0 top-0 border-b bg-muted/50" style={style}>
              <button
                type="button"
                aria-expanded={open}
                data-testid="payment-day"
                data-date={group.date}
                onClick={() => onToggle(group.date)}
                className="flex h-full w-full items-center gap-2 px-3 text-left hover:bg-accent"
              >
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{dayLabel(group.date, language, 'long')}</span>
                  <span className="block text-xs text-muted-foreground">
                    {t('payments.day-count', { count: group.items.length })}
                  </span>
                </span>
                <span className="flex shrink-0 flex-col items-end text-sm tabular-nums">
                  <span data-testid="payment-day-total">{money(group.total, language)}</span>
                  {showBalances && (
                    <span className="text-xs text-muted-foreground" data-testid="payment-day-balance">
                      {t('payments.balance', { amount: money(group.balance, language) })}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        }
        const p = row.payment;
        const cancelled = !!p.voidedId;
        return (
          <li key={item.key} className="absolute inset-x-0 top-0 border-b" style={style}>
            <button
              type="button"
              data-testid="payment-row"
              onClick={() => onOpen(p._id)}
              className="flex h-full w-full items-center gap-3 px-4 pl-9 text-left hover:bg-accent"
            >
              <span className="min-w-0 flex-1">
                <span className={clsx('block truncate', cancelled && 'line-through text-muted-foreground')}>
                  {(p.customerId && customerName(p.customerId)) || t('payments.no-customer')}
                </span>
                <span className="block truncate text-sm text-muted-foreground">
                  {[methodLabel(t, p.transactionSubType ?? ''), p.description]
                    .filter((part, i, all) => part && all.indexOf(part) === i)
                    .join(' · ')}
                </span>
              </span>
              {p.status === 'pending' && <Badge variant="secondary">{t('payments.status-pending')}</Badge>}
              {cancelled && <Badge variant="outline">{t('payments.cancelled')}</Badge>}
              <span className="shrink-0 text-right text-sm font-medium tabular-nums">
                {creditDebit(t, p.amount, language)}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
