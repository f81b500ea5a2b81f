import './strings.ts';
import {
  type Actor,
  type Customers,
  canNavigate,
  type Entity,
  type Me,
  Notifications,
} from '@roundwise/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { ArrowLeft, Coins, ExternalLink, Inbox, MailOpen, MessagesSquare, Plus, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Card, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useCredits } from '../../lib/credits';
import { useMarkAsRead } from '../../lib/mark-as-read';
import { useEntities, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useUnreadCount } from '../../lib/unread-count';
import { useOnline } from '../../lib/use-online';
import { useWindowList } from '../../lib/use-window-list';
import { cn } from '../../lib/utils';
import { notificationQuery, serverViewUrl } from './api/get-notification';
import { notificationsQuery, PAGE_SIZE, type ServerFolder } from './api/get-notifications';
import { BuyCreditsDialog } from './buy-credits-dialog';
import { CustomerSelector } from './customer-selector';

/** Spec 002 section 2.3: the inbox's views; `inbox` itself is the received messages. */
export const INBOX_FOLDERS = ['inbox', 'unread', 'sent', 'outbox', 'scheduled'] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

/** Spec 002 section 9: inbox rows are 60 px high. */
const ROW_HEIGHT = 60;

type Row = Notifications.Notification;

/** Messages this device wrote that the server has not sent yet: the outbox (spec 002 section 4). */
export function outboxOf(local: readonly Entity<Row>[]): Row[] {
  return local
    .filter((n) => !Notifications.isIncoming(n.type) && Notifications.isPending(n))
    .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
}

/**
 * What a server folder would list from the messages this device holds, newest first, one page:
 * the inbox paints from it at once while its first page is asked for (the same filters as
 * `GET /api/notifications`'s inbound, unreadOnly, outbound and scheduled).
 */
export function localFolder(local: readonly Entity<Row>[], folder: ServerFolder): Row[] {
  const keep = (n: Row) => {
    const incoming = Notifications.isIncoming(n.type);
    if (folder === 'inbox') return incoming;
    if (folder === 'unread') return incoming && n.unread;
    if (folder === 'sent') return !incoming;
    return n.status === 'scheduled';
  };
  return local
    .filter(keep)
    .sort((a, b) => b.createdDate.localeCompare(a.createdDate) || b._id.localeCompare(a._id))
    .slice(0, PAGE_SIZE);
}

/**
 * `inbox/{folder?}/{id?}` (spec 002 section 2.3): received, unread, sent, outbox and (with the
 * scheduledMessaging feature or developer mode) scheduled messages, newest first, a page of 30 at a
 * time; the navigation with the unread and outbox badges and the credit balance; the new-message
 * button (floating on a phone) opening the customer selector and then `sendDialog`; a message
 * opened by id, marked read; one whose customer this device does not hold opens the server's view.
 */
export function InboxScreen({
  me,
  actor,
  folder,
  id,
  sendDialog,
}: {
  me: Me;
  actor: Actor;
  folder: InboxFolder;
  id?: string;
  sendDialog: (customers: Customers.Customer[], onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const unread = useUnreadCount(true);
  const credits = useCredits();
  const local = useEntityList<Row>('notification');
  const outbox = useMemo(() => outboxOf(local), [local]);
  const customers = useEntities<Customers.Customer>('customer');
  const [choosing, setChoosing] = useState(false);
  const [recipients, setRecipients] = useState<Customers.Customer[]>([]);
  const [buying, setBuying] = useState(false);
  const canBuy = canNavigate(actor, 'email-settings').ok;
  const scheduledVisible = actor.developerMode || actor.flags.includes('scheduledMessaging');
  const folders = INBOX_FOLDERS.filter((f) => f !== 'scheduled' || scheduledVisible);
  const badge: Partial<Record<InboxFolder, number>> = { unread, outbox: outbox.length };

  const startNew = () => {
    // Spec 002 section 5: a new message needs the account verified for messaging.
    if (!me.user.emailVerified) {
      toast.error(t('inbox.verification-required'));
      return;
    }
    setChoosing(true);
  };

  const nav = (
    <nav aria-label={t('route.inbox')} className="flex gap-1 overflow-x-auto desktop:flex-col">
      {folders.map((f) => (
        <Link
          key={f}
          to="/inbox/{-$folder}/{-$id}"
          params={{ folder: f === 'inbox' ? undefined : f, id: undefined }}
          className={clsx(
            'flex min-h-10 shrink-0 items-center gap-2 rounded-md px-3 text-sm hover:bg-accent',
            f === folder && 'bg-accent font-medium',
          )}
          data-testid={`inbox-folder-${f}`}
        >
          <span className="flex-1">{t(`inbox.folder-${f}`)}</span>
          {!!badge[f] && (
            <Badge className="h-5 min-w-5 px-1.5 tabular-nums" data-testid={`inbox-badge-${f}`}>
              {badge[f]! > 99 ? '99+' : badge[f]}
            </Badge>
          )}
        </Link>
      ))}
      {/* Buying is the email settings' people's (Owner, Admin), as the purchase call is. */}
      <button
        type="button"
        onClick={() => setBuying(true)}
        disabled={!canBuy}
        className="flex min-h-10 shrink-0 items-center gap-2 rounded-md px-3 text-sm text-muted-foreground hover:bg-accent disabled:hover:bg-transparent desktop:mt-2"
        data-testid="inbox-credits"
      >
        <Coins className="size-4" aria-hidden />
        {t('inbox.credits', { count: credits, credits: credits.toLocaleString('en-GB') })}
      </button>
    </nav>
  );

  return (
    <Screen
      title={t('route.inbox')}
      wide
      actions={
        <button
          type="button"
          className={cn(secondaryButtonClass, 'hidden desktop:inline-flex')}
          onClick={startNew}
        >
          <Plus className="size-4" aria-hidden />
          {t('inbox.new-message')}
        </button>
      }
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 desktop:grid-cols-[14rem_minmax(0,1fr)]">
        <div className="min-w-0 desktop:sticky desktop:top-16 desktop:self-start">{nav}</div>
        <div className="min-w-0">
          {!online && (
            <p
              role="status"
              className="mb-3 flex items-center gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            >
              <WifiOff className="size-4 shrink-0" aria-hidden />
              {t('inbox.offline_description')}
            </p>
          )}
          {folder === 'scheduled' && !scheduledVisible ? (
            <p role="alert" className="py-8 text-center text-muted-foreground">
              {t('access.feature-required')}
            </p>
          ) : id ? (
            <MessagePanel id={id} folder={folder} local={local} customers={customers} />
          ) : folder === 'outbox' ? (
            <MessageRows rows={outbox} folder={folder} customers={customers} />
          ) : (
            <ServerList folder={folder} customers={customers} enabled={online} local={local} />
          )}
        </div>
      </div>
      <button
        type="button"
        onClick={startNew}
        aria-label={t('inbox.new-message')}
        className="fixed right-4 bottom-20 z-20 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg desktop:hidden"
      >
        <Plus className="size-6" aria-hidden />
      </button>
      <CustomerSelector
        open={choosing}
        onOpenChange={setChoosing}
        onChosen={(chosen) => {
          setChoosing(false);
          setRecipients(chosen);
        }}
      />
      {recipients.length > 0 && sendDialog(recipients, () => setRecipients([]))}
      <BuyCreditsDialog open={buying} onOpenChange={setBuying} />
    </Screen>
  );
}

function ServerList({
  folder,
  customers,
  enabled,
  local,
}: {
  folder: ServerFolder;
  customers: Readonly<Record<string, Customers.Customer>>;
  enabled: boolean;
  local: readonly Entity<Row>[];
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({ ...notificationsQuery(folder), enabled });
  const fallback = useMemo(() => localFolder(local, folder), [local, folder]);
  const rows = useMemo(() => query.data?.pages.flat() ?? fallback, [query.data, fallback]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // The benchmark (scripts/bench/web-messages.ts) times the open to this mark's frame.
  const shown = rows.length > 0 || query.isSuccess;
  useLayoutEffect(() => {
    if (shown) performance.mark('messages.inbox-painted');
  }, [shown]);
  if (query.isError && rows.length === 0)
    return (
      <p role="alert" className="py-8 text-center text-destructive">
        {t('messages.load-failed')}
      </p>
    );
  return (
    <MessageRows
      rows={rows}
      folder={folder}
      customers={customers}
      loading={query.isPending && enabled && rows.length === 0}
      onEnd={() => {
        if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
      }}
    />
  );
}

function MessageRows({
  rows,
  folder,
  customers,
  loading = false,
  onEnd,
}: {
  rows: readonly Row[];
  folder: InboxFolder;
  customers: Readonly<Record<string, Customers.Customer>>;
  loading?: boolean;
  onEnd?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { listRef, virtualizer, top } = useWindowList<HTMLUListElement>({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (rows.length > 0 && last >= rows.length - 5) onEnd?.();
  }, [last, rows.length, onEnd]);
  if (loading) return <p className="py-8 text-center text-muted-foreground">{t('inbox.loading')}</p>;
  if (rows.length === 0)
    return <EmptyState icon={Inbox} title={t('inbox.empty')} text={t(`inbox.empty-${folder}`)} />;
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const open = (n: Row) => {
    // Spec 002 section 2.3: a message with no local customer opens at the server's view. A device
    // still loading its customers holds none yet: the message opens here, with a link to that view.
    if (!customers[n.customerId] && Object.keys(customers).length > 0) {
      window.open(serverViewUrl(n._id), '_blank', 'noopener');
      return;
    }
    void navigate({
      to: '/inbox/{-$folder}/{-$id}',
      params: { folder: folder === 'inbox' ? undefined : folder, id: n._id },
    });
  };
  return (
    <ul
      ref={listRef}
      className="relative rounded-lg border"
      style={{ height: virtualizer.getTotalSize() }}
      data-testid="inbox-list"
      data-count={rows.length}
    >
      {items.map((item) => {
        const n = rows[item.index]!;
        const customer = customers[n.customerId];
        const status = Notifications.displayStatus(n.status);
        return (
          <li
            key={n._id}
            className="absolute inset-x-0 top-0 border-b last:border-b-0"
            style={{ height: ROW_HEIGHT, transform: `translateY(${top(item)}px)` }}
          >
            <button
              type="button"
              onClick={() => open(n)}
              className="flex h-full w-full items-center gap-3 px-4 text-left hover:bg-accent"
              data-testid="inbox-row"
              data-id={n._id}
            >
              <span className="min-w-0 flex-1">
                <span className={clsx('flex items-center gap-2 truncate', n.unread && 'font-semibold')}>
                  {n.unread && (
                    <>
                      <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />
                      <span className="sr-only">{t('inbox.unread')}</span>
                    </>
                  )}
                  <span className="truncate">{customer?.name ?? n.addressee ?? n.address}</span>
                  <span className="shrink-0 text-xs font-normal text-muted-foreground">
                    {t(`messages.type-${n.type}`)}
                  </span>
                </span>
                <span className="block truncate text-sm text-muted-foreground">
                  {n.subject ? `${n.subject} · ` : ''}
                  {Notifications.contentOf(n)}
                </span>
              </span>
              <span className="flex shrink-0 flex-col items-end text-xs text-muted-foreground">
                <span>
                  {when(
                    n.sendAtSecondsTimestamp && status === 'scheduled'
                      ? new Date(n.sendAtSecondsTimestamp * 1000).toISOString()
                      : n.createdDate,
                  )}
                </span>
                {!Notifications.isIncoming(n.type) && (
                  <span>{t(`messages.status-${status.toLowerCase()}`)}</span>
                )}
                {!customer && <ExternalLink className="size-3" aria-label={t('inbox.server-view')} />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** One message: its text and where it stands, marked read, with the way to its conversation. */
function MessagePanel({
  id,
  folder,
  local,
  customers,
}: {
  id: string;
  folder: InboxFolder;
  local: readonly Entity<Row>[];
  customers: Readonly<Record<string, Customers.Customer>>;
}) {
  const { t, i18n } = useTranslation();
  const known = local.find((n) => n._id === id);
  const remote = useQuery({ ...notificationQuery(id), enabled: !known });
  const message: Row | null | undefined = known ?? remote.data;
  const markRead = useMarkAsRead();
  useEffect(() => {
    if (message?.unread) markRead([message._id]);
  }, [message?._id, message?.unread, markRead]);
  const back = (
    <Link
      to="/inbox/{-$folder}/{-$id}"
      params={{ folder: folder === 'inbox' ? undefined : folder, id: undefined }}
      className={clsx(secondaryButtonClass, 'mb-3')}
    >
      <ArrowLeft className="size-4" aria-hidden />
      {t(`inbox.folder-${folder}`)}
    </Link>
  );
  if (!message)
    return (
      <div>
        {back}
        <p className="py-8 text-center text-muted-foreground">
          {remote.isPending ? t('inbox.loading') : t('customers.unable-to-view-deleted')}
        </p>
      </div>
    );
  const customer = customers[message.customerId];
  const status = Notifications.displayStatus(message.status);
  return (
    <div>
      {back}
      <Card className="flex flex-col gap-3" data-testid="inbox-message">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{customer?.name ?? message.addressee}</h2>
          <Badge variant="outline">{t(`messages.type-${message.type}`)}</Badge>
          {!Notifications.isIncoming(message.type) && (
            <Badge variant="outline">{t(`messages.status-${status.toLowerCase()}`)}</Badge>
          )}
          <span className="ml-auto text-sm text-muted-foreground">
            {new Date(message.createdDate).toLocaleString(i18n.language, {
              dateStyle: 'medium',
              timeStyle: 'short',
            })}
          </span>
        </div>
        <p className="text-sm text-muted-foreground">{message.address}</p>
        {message.subject && <p className="font-medium">{message.subject}</p>}
        <p className="whitespace-pre-wrap">{Notifications.contentOf(message)}</p>
        <div className="flex flex-wrap gap-2">
          {customer ? (
            <Link
              to="/customers/{-$customerId}/{-$tab}"
              params={{ customerId: customer._id, tab: 'messages' }}
              search={{ messageId: message._id }}
              className={secondaryButtonClass}
            >
              <MessagesSquare className="size-4" aria-hidden />
              {t('inbox.open-conversation')}
            </Link>
          ) : (
            <a
              href={serverViewUrl(message._id)}
              target="_blank"
              rel="noopener"
              className={secondaryButtonClass}
            >
              <ExternalLink className="size-4" aria-hidden />
              {t('inbox.server-view')}
            </a>
          )}
          {message.unread && (
            <Button variant="outline" size="sm" onClick={() => markRead([message._id])}>
              <MailOpen aria-hidden />
              {t('inbox.mark-read')}
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}
