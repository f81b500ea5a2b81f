import './strings.ts';
import {
  type Actor,
  canNavigate,
  developerModeStart,
  developerModeTap,
  drawerModel,
  type FixedEntry,
  type Me,
  reloadUrl,
} from '@roundwise/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, type LinkProps, useNavigate } from '@tanstack/react-router';
import { clsx } from 'clsx';
import {
  ArrowUpCircle,
  Building2,
  ChevronDown,
  Download,
  ExternalLink,
  GraduationCap,
  Info,
  LogOut,
  RefreshCw,
  RotateCw,
  Settings,
  User,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { api } from '../../lib/http';
import { useUpdateMe } from '../../lib/me';
import { resetStartup } from '../../lib/startup-once';
import { useSyncNow } from '../../lib/sync/hooks';
import { APP_VERSION } from '../../lib/sync/offline-client';
import { toast } from '../../lib/toast';
import { useUnreadCount } from '../../lib/unread-count';
import { AccountsMenu } from './accounts-menu';
import { useInstallPrompt } from './use-install-prompt';

/** A path from the route table; some have no screen in this build (the drawer lists only those that do). */
const tablePath = (path: string) => `/${path}` as LinkProps['to'];

const item =
  'flex min-h-9 items-center gap-3 rounded-md px-2 text-sm text-foreground/90 hover:bg-accent hover:text-accent-foreground';
const active = 'bg-accent font-medium text-accent-foreground';

/** The navigation drawer (spec 000 section 2.2), from core's `drawerModel`. */
export function AppDrawer({
  me,
  actor,
  screensThatExist,
  onNavigate,
}: {
  me: Me;
  actor: Actor;
  /** Route names that have a screen in this build (`screensOf`, in the router's context). */
  screensThatExist: ReadonlySet<string>;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const install = useInstallPrompt();
  const unread = useUnreadCount(canNavigate(actor, 'inbox').ok);
  const model = drawerModel(actor, {
    screensThatExist,
    badges: { unread },
    installable: install.available,
    accountCount: me.memberships.length,
    version: APP_VERSION,
  });
  const [open, setOpen] = useState<Record<string, boolean>>({});

  return (
    <nav
      data-testid="drawer"
      aria-label={t('drawer.title')}
      className="flex h-full flex-col gap-1 overflow-y-auto p-3"
    >
      <div className="mb-1 flex flex-col gap-0.5 border-b pb-2">
        {model.accountsMenu.listed ? (
          <AccountsMenu me={me} toggles={model.accountsMenu.toggles} onSwitched={onNavigate} />
        ) : (
          <div data-testid="current-account" className="truncate px-2 py-1 text-sm font-semibold">
            {me.account.businessName}
          </div>
        )}
        <div className="px-2 text-xs text-muted-foreground">{me.user.name}</div>
        <div className="mt-1 flex flex-wrap gap-1">
          <HeaderLink
            to="/profile"
            icon={<User className="size-4" aria-hidden />}
            label={t('drawer.profile')}
            onClick={onNavigate}
          />
          {model.header.settings && (
            <HeaderLink
              to="/settings"
              icon={<Settings className="size-4" aria-hidden />}
              label={t('drawer.settings')}
              onClick={onNavigate}
            />
          )}
          {model.header.account && (
            <HeaderLink
              to="/account"
              icon={<Building2 className="size-4" aria-hidden />}
              label={t('drawer.account')}
              onClick={onNavigate}
            />
          )}
        </div>
      </div>

      {model.sections.map((section) => {
        const folded = section.collapsible && !open[section.section];
        return (
          <div key={section.section} className="py-1">
            {section.collapsible ? (
              <button
                type="button"
                className="flex w-full items-center px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                aria-expanded={!folded}
                onClick={() => setOpen((o) => ({ ...o, [section.section]: !o[section.section] }))}
              >
                {t(section.titleKey)}
                <ChevronDown
                  className={clsx('ml-auto size-4 transition-transform', !folded && 'rotate-180')}
                  aria-hidden
                />
              </button>
            ) : (
              <div className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t(section.titleKey)}
              </div>
            )}
            {/* Spec 000 section 9: collapsible menu max height 1000px. */}
            <ul
              className={clsx(
                'overflow-hidden transition-[max-height]',
                folded ? 'max-h-0' : 'max-h-[1000px]',
              )}
            >
              {section.entries.map((entry) => (
                <li key={entry.route}>
                  <Link
                    to={tablePath(entry.path)}
                    className={item}
                    activeProps={{ className: active }}
                    onClick={onNavigate}
                  >
                    <span className="flex-1">{t(`route.${entry.route}`)}</span>
                    {entry.badge && <Badge className="h-5 min-w-5 px-1.5 tabular-nums">{entry.badge}</Badge>}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}

      <ul className="mt-auto border-t pt-2">
        {model.fixed.map((entry) => (
          <li key={entry.kind}>
            <FixedItem entry={entry} onNavigate={onNavigate} install={install.prompt} />
          </li>
        ))}
      </ul>
      <DrawerFoot roles={actor.roles.map((r) => t(`role.${r}`)).join(', ')} version={model.version} me={me} />
    </nav>
  );
}

function HeaderLink({
  to,
  icon,
  label,
  onClick,
}: {
  to: string;
  icon: React.ReactNode;
  label: string;
  onClick?: () => void;
}) {
  return (
    <Link
      to={to}
      onClick={onClick}
      className="inline-flex h-8 items-center gap-1.5 rounded-md border px-2 text-xs font-medium hover:bg-accent"
      activeProps={{ className: 'bg-accent' }}
    >
      {icon}
      {label}
    </Link>
  );
}

function FixedItem({
  entry,
  onNavigate,
  install,
}: {
  entry: FixedEntry;
  onNavigate?: () => void;
  install: () => void;
}) {
  const { t } = useTranslation();
  const syncNow = useSyncNow();
  const client = useQueryClient();
  const navigate = useNavigate();
  switch (entry.kind) {
    case 'upgrade':
      return (
        <Link to="/account" className={clsx(item, 'font-medium text-primary')} onClick={onNavigate}>
          <ArrowUpCircle className="size-4" aria-hidden />
          {t('drawer.upgrade')}
        </Link>
      );
    case 'training-academy':
      return (
        <a href={entry.href} target="_blank" rel="noreferrer" className={item}>
          <GraduationCap className="size-4" aria-hidden />
          <span className="flex-1">{t('drawer.training-academy')}</span>
          <ExternalLink className="size-3.5 opacity-60" aria-hidden />
        </a>
      );
    case 'about':
      return (
        <Link to="/about" className={item} activeProps={{ className: active }} onClick={onNavigate}>
          <Info className="size-4" aria-hidden />
          {t('drawer.about')}
        </Link>
      );
    case 'sync-now':
      return (
        <button
          type="button"
          className={clsx(item, 'w-full')}
          onClick={() => void syncNow().then(() => toast.success(t('sync.status-synced')))}
        >
          <RefreshCw className="size-4" aria-hidden />
          {t('drawer.sync-now')}
        </button>
      );
    case 'sign-out':
      return (
        <button
          type="button"
          className={clsx(item, 'w-full')}
          onClick={async () => {
            await api.auth.logout.$post().catch(() => undefined);
            client.clear();
            resetStartup();
            await navigate({ to: '/sign-in' });
          }}
        >
          <LogOut className="size-4" aria-hidden />
          {t('drawer.sign-out')}
        </button>
      );
    case 'install-app':
      return (
        <button type="button" className={clsx(item, 'w-full')} onClick={install}>
          <Download className="size-4" aria-hidden />
          {t('drawer.install-app')}
        </button>
      );
    case 'reload-app':
      return (
        <button
          type="button"
          className={clsx(item, 'w-full')}
          onClick={() => window.location.assign(reloadUrl(window.location.href))}
        >
          <RotateCw className="size-4" aria-hidden />
          {t('drawer.reload-app')}
        </button>
      );
  }
}

/** The roles line and the version; 20 taps on the version turn developer mode on (spec 000 section 9). */
function DrawerFoot({ roles, version, me }: { roles: string; version: string; me: Me }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const [taps, setTaps] = useState(developerModeStart);
  const tap = () => {
    const next = developerModeTap(taps, me.developerMode);
    setTaps(next);
    if (next.turnOn) {
      update.mutate(
        { developerMode: true },
        { onSuccess: () => toast.success(t('drawer.developer-mode-on')) },
      );
    }
  };
  return (
    <div className="mt-2 flex items-center justify-between border-t px-2 pt-2 text-xs text-muted-foreground">
      <span data-testid="drawer-roles">{roles}</span>
      <button
        type="button"
        onClick={tap}
        className="tabular-nums"
        aria-label={t('drawer.version-label', { version })}
      >
        {version}
      </button>
    </div>
  );
}
