import './strings.ts';
import type { Customers, Entity, Me, Notifications } from '@roundwise/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MessagesSquare, WifiOff } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { useMarkAsRead } from '../../lib/mark-as-read';
import { useEntityList } from '../../lib/sync/hooks';
import { useOnline } from '../../lib/use-online';
import { cn } from '../../lib/utils';
import { conversationQuery, PAGE_SIZE } from './api/get-conversation';
import { oldestQuery } from './api/get-oldest';
import { MessageDetailsDialog } from './message-details-dialog';
import { channelsOf, MessageForm } from './message-form';
import { groupByDay, type MessageView, toView } from './message-view';
import { SampleMessageDialog } from './sample-message-dialog';
import { StatusBadge } from './status-badge';

/** Spec 000 section 9: scroll-end debounce, initial scroll delay and load-more delay. */
export const SCROLL_END_DEBOUNCE_MS = 100;
export const INITIAL_SCROLL_DELAY_MS = 150;
export const LOAD_MORE_DELAY_MS = 200;
/** How near the top a scroll must come to load the older page. */
const NEAR_TOP_PX = 120;

/**
 * Merges the server's pages with the device's own copies of this customer's messages: a message
 * written here (perhaps offline) shows at once, before the server lists it. Only copies inside the
 * loaded span are added, so paging back stays the server's. Before the first page arrives (or with
 * no connection) the device's newest page stands in for it, so the thread paints at once; the
 * server's page then confirms or corrects it. Cancelled messages are hidden.
 */
export function threadMessages(
  pages: readonly (readonly Notifications.Notification[])[],
  local: readonly Entity<Notifications.Notification>[],
  complete: boolean,
): MessageView[] {
  const byId = new Map<string, Notifications.Notification & { _version?: number }>();
  if (pages.length === 0) {
    const newest = [...local].sort((a, b) => b.createdDate.localeCompare(a.createdDate)).slice(0, PAGE_SIZE);
    for (const n of newest) byId.set(n._id, n);
  }
  for (const page of pages) for (const n of page) byId.set(n._id, n);
  let oldest: string | undefined;
  for (const n of byId.values()) if (!oldest || n.createdDate < oldest) oldest = n.createdDate;
  for (const n of local) {
    const known = byId.get(n._id);
    const wanted = known
      ? n._version > (known._version ?? -1)
      : complete || (oldest !== undefined && n.createdDate >= oldest);
    if (wanted) byId.set(n._id, n);
  }
  return [...byId.values()]
    .map(toView)
    .filter((m) => m.status !== 'cancelled')
    .sort((a, b) => a.createdDate.localeCompare(b.createdDate) || a.id.localeCompare(b.id));
}

/**
 * A customer's messages (spec 000 section 2.6): a conversation grouped by day that opens at its
 * end and loads older pages when the screen is not full or the user scrolls up, the message form,
 * the offline banner, the empty state, delivery details and the sample view. `messageId` marks
 * the last message read.
 */
export function MessageThread({
  me,
  customer,
  messageId,
  canEditCustomer,
  now = new Date(),
}: {
  me: Me;
  customer: Customers.Customer;
  messageId?: string;
  canEditCustomer: boolean;
  now?: Date;
}) {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const query = useInfiniteQuery({ ...conversationQuery(customer._id), enabled: online });
  const all = useEntityList<Notifications.Notification>('notification');
  const local = useMemo(() => all.filter((n) => n.customerId === customer._id), [all, customer._id]);
  const pages = query.data?.pages ?? [];
  // No older page once the thread's first message is here (the lookup is cached 5 minutes).
  const oldest = useQuery({ ...oldestQuery(customer._id), enabled: online }).data;
  const reachedOldest =
    oldest === null || (!!oldest && pages.some((p) => p.some((n) => n._id === oldest._id)));
  const hasOlder = query.hasNextPage && !reachedOldest;
  const messages = useMemo(
    () => threadMessages(pages, local, query.isSuccess && !hasOlder),
    [pages, local, query.isSuccess, hasOlder],
  );
  const groups = useMemo(() => groupByDay(messages), [messages]);
  const replyChannel = useMemo(() => {
    const last = messages.findLast((m) => m.type === 'SMSReply' || m.type === 'EmailReply');
    return last ? (last.type === 'SMSReply' ? 'SMS' : 'Email') : undefined;
  }, [messages]);
  const [details, setDetails] = useState<MessageView>();
  const [sample, setSample] = useState<MessageView>();
  const channels = channelsOf(customer);
  const markRead = useMarkAsRead();

  // Incoming messages shown here are read: the server is told once per message.
  const unreadIds = messages.filter((m) => m.unread && !m.outgoing).map((m) => m.id);
  const unreadKey = unreadIds.join(',');
  useEffect(() => {
    if (unreadKey) markRead(unreadKey.split(','));
  }, [unreadKey, markRead]);

  // Open at the end: once the first messages are painted, after the spec's initial delay. The
  // timer outlives later renders (the server's page arriving meanwhile); only leaving cancels it.
  const opened = useRef(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const ready = query.isSuccess || messages.length > 0;
  useEffect(() => {
    if (opened.current || !ready) return;
    opened.current = true;
    openTimer.current = setTimeout(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight });
      performance.mark('messages.thread-bottom');
    }, INITIAL_SCROLL_DELAY_MS);
  }, [ready]);
  useEffect(() => () => clearTimeout(openTimer.current), []);

  // An older page goes above what is on screen: keep the reader where they were.
  const heightBefore = useRef<number | undefined>(undefined);
  const { isFetchingNextPage, fetchNextPage } = query;
  const hasNextPage = hasOlder;
  const loadOlder = useRef(() => {});
  loadOlder.current = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBefore.current = document.documentElement.scrollHeight;
    void fetchNextPage();
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a page has been added
  useLayoutEffect(() => {
    if (heightBefore.current === undefined) return;
    window.scrollBy(0, document.documentElement.scrollHeight - heightBefore.current);
    heightBefore.current = undefined;
  }, [pages.length]);

  // Not enough to fill the screen: ask for the next older page (after the load-more delay).
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks again each time a page has been added
  useEffect(() => {
    if (!query.isSuccess || !hasNextPage || isFetchingNextPage) return;
    const timer = setTimeout(() => {
      if (document.documentElement.scrollHeight <= window.innerHeight) loadOlder.current();
    }, LOAD_MORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query.isSuccess, hasNextPage, isFetchingNextPage, pages.length]);

  // Scrolled up to the top: the older page, once scrolling has settled.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (opened.current && window.scrollY < NEAR_TOP_PX) loadOlder.current();
      }, SCROLL_END_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeStyle: 'short' });
  const day = (key: string) =>
    new Date(`${key}T12:00:00`).toLocaleDateString(i18n.language, { dateStyle: 'full' });

  return (
    <div className="flex flex-col gap-3" data-testid="message-thread">
      {!online && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden />
          {t('messages.offline')}
        </p>
      )}
      {isFetchingNextPage && (
        <p className="text-center text-sm text-muted-foreground">{t('messages.loading-older')}</p>
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-destructive">
          {t('messages.load-failed')}
        </p>
      )}
      {messages.length === 0 && (online ? query.isSuccess : true) ? (
        <EmptyState icon={MessagesSquare} title={t('messages.empty')} text={t('messages.empty-text')} />
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t('messages.thread')} data-count={messages.length}>
          {groups.map((g) => (
            <li key={g.day} className="flex flex-col gap-2">
              <h3 className="sticky top-28 z-[1] self-center rounded-full bg-muted px-3 py-0.5 text-xs text-muted-foreground">
                {day(g.day)}
              </h3>
              <ol className="flex flex-col gap-2">
                {g.messages.map((m) => (
                  <li key={m.id} className={cn('flex flex-col', m.outgoing ? 'items-end' : 'items-start')}>
                    <button
                      type="button"
                      data-testid="message"
                      data-id={m.id}
                      data-status={m.pending ? 'pending' : m.status}
                      onClick={() => setDetails(m)}
                      className={cn(
                        'max-w-[85%] rounded-2xl px-3 py-2 text-left text-sm shadow-xs',
                        m.outgoing ? 'rounded-br-sm bg-primary/10' : 'rounded-bl-sm border bg-card',
                        m.failed && 'ring-1 ring-red-500',
                      )}
                    >
                      {m.subject && <span className="block font-medium">{m.subject}</span>}
                      <span className="block whitespace-pre-wrap break-words">{m.content}</span>
                      <span className="mt-1 flex items-center justify-end gap-2 text-xs text-muted-foreground">
                        <span>{t(`messages.type-${m.type}`)}</span>
                        <span>{m.isScheduled && m.sendAt ? time(m.sendAt) : time(m.createdDate)}</span>
                        {m.outgoing && <StatusBadge message={m} />}
                      </span>
                    </button>
                    {m.id === messageId && (
                      <p className="mt-2 self-stretch border-t border-dashed pt-1 text-center text-xs text-muted-foreground">
                        {t('messages.last-read')}
                      </p>
                    )}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      )}
      {channels.length === 0 ? (
        canEditCustomer ? (
          <Link
            to="/customers/{-$customerId}/{-$tab}"
            params={{ customerId: customer._id, tab: undefined }}
            className="self-center text-sm text-primary underline"
          >
            {t('messages.no-contact-methods')}
          </Link>
        ) : null
      ) : (
        // Kept in view on a desktop; on a phone it ends the thread (opened at its end), so it leaves
        // the screen to the messages and the support launcher does not cover its Send button.
        <div className="bg-background pb-2 desktop:sticky desktop:bottom-0">
          <MessageForm me={me} customer={customer} channels={channels} replyChannel={replyChannel} />
        </div>
      )}
      <MessageDetailsDialog
        message={details}
        now={now}
        onOpenChange={(open) => !open && setDetails(undefined)}
        onView={(m) => {
          setDetails(undefined);
          setSample(m);
        }}
      />
      <SampleMessageDialog message={sample} onOpenChange={(open) => !open && setSample(undefined)} />
    </div>
  );
}
