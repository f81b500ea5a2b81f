import './strings.ts';
import { Navigate } from '@tanstack/react-router';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { useSyncNow } from '../../lib/sync/hooks';
import { AccountsView, FundAccountsView, FundAccountView } from './accounts';
import { Dashboard } from './dashboard';
import { ReportScreen, ReportsList } from './reports';
import { SettingsForm } from './settings-form';
import { JournalDetail, TransactionsView } from './transactions';
import { type Books, useBooks } from './use-books';

const TABS = ['dashboard', 'accounts', 'transactions', 'reports', 'vat-returns', 'settings'] as const;

/**
 * `/balance/*` (spec 001 section 2.7; Ultimate, the balance feature): every sub-route but setup
 * shows setup until the books are set up; an unknown path says 'Error Page Not Found'. The
 * screens read the books' projection (`useBooks`), worked out on the device from synced records.
 */
export function BalanceScreen({ path, vat }: { path: string; vat: VatPage }) {
  const { t } = useTranslation();
  const { books, refresh } = useBooks();
  const syncNow = useSyncNow();
  const [section = '', id, ...rest] = path.split('/').filter(Boolean);
  const setUp = books.settings?.setupComplete === true;
  if (section === '') return <Navigate to="/balance/$" params={{ _splat: 'dashboard' }} replace />;
  // Until the books are set up a known page shows the setup form in its place, at its own address:
  // a device whose settings arrive after the page opened (a reload before its first sync) then
  // shows the page asked for, where a redirect would have left it on setup.
  const page =
    !setUp && isKnown(section)
      ? pageOf('setup', undefined, [], books, vat)
      : pageOf(section, id, rest, books, vat);
  if (!page) {
    return (
      <Screen title={t('balance.title')}>
        <p className="py-16 text-center text-muted-foreground" data-testid="balance-not-found">
          {t('balance.page-not-found')}
        </p>
      </Screen>
    );
  }
  const tabs = setUp
    ? TABS.map((tab) => ({ to: `/balance/${tab}`, label: t(`balance.tab.${tab}`) }))
    : undefined;
  return (
    <Screen
      title={page.title ?? t('balance.title')}
      tabs={tabs}
      wide
      actions={
        setUp && (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('balance.refresh')}
            onClick={() => {
              // The forced refresh: pull what changed, and build the projection again.
              void syncNow().finally(refresh);
              refresh();
            }}
          >
            <RefreshCw aria-hidden />
          </Button>
        )
      }
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">{page.body}</div>
    </Screen>
  );
}

/**
 * The VAT pages (Making Tax Digital) are the `vat` area's, which the route composes in: the
 * return, its obligations and setup, the submissions and the header test.
 */
type VatPage = (view: 'returns' | 'obligations' | 'setup' | 'submissions' | 'test-headers') => ReactNode;

const KNOWN = new Set([
  'dashboard',
  'accounts',
  'fund-accounts',
  'reports',
  'submissions',
  'vat-returns',
  'transactions',
  'settings',
  'test-headers',
]);
const isKnown = (section: string) => KNOWN.has(section);

function pageOf(
  section: string,
  id: string | undefined,
  rest: string[],
  books: Books,
  vat: VatPage,
): { title?: string; body: ReactNode } | undefined {
  if (rest.length > 0) return undefined;
  switch (section) {
    case 'setup':
      return id ? undefined : { body: <SettingsForm books={books} firstTime /> };
    case 'settings':
      return id ? undefined : { body: <SettingsForm books={books} /> };
    case 'dashboard':
      return id ? undefined : { body: <Dashboard books={books} /> };
    case 'accounts':
      return id ? undefined : { body: <AccountsView books={books} /> };
    case 'fund-accounts':
      return { body: id ? <FundAccountView books={books} id={id} /> : <FundAccountsView books={books} /> };
    case 'transactions':
      return { body: id ? <JournalDetail books={books} id={id} /> : <TransactionsView books={books} /> };
    case 'reports':
      return { body: id ? <ReportScreen books={books} type={id} /> : <ReportsList /> };
    case 'vat-returns':
      if (id && id !== 'obligations' && id !== 'setup') return undefined;
      return { body: vat(id === 'obligations' || id === 'setup' ? id : 'returns') };
    case 'submissions':
    case 'test-headers':
      return id ? undefined : { body: vat(section) };
    default:
      return undefined;
  }
}
