import '../strings.ts';
import { Portal } from '@roundwise/core';
import { Navigate, Outlet, useBlocker, useLocation } from '@tanstack/react-router';
import { Braces, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, secondaryButtonClass } from '../../../components/form';
import { Screen } from '../../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog';
import { useMe } from '../../../lib/me';
import { toast } from '../../../lib/toast';
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useProblem } from '../../../lib/use-problem';
import { DirectoryProvider, useDirectory } from './directory-draft';
import { portalUrl } from './handle-field';
import { JsonEditorDialog } from './json-editor-dialog';
import { entersPortal, portalFlagOn } from './portal-flag';

const ROOT = '/portal-directory';

/**
 * `/portal-directory` and its tabs (spec 002 section 2.5): the entry rule (set up, public, or the
 * flag, else the setup wizard), the tabs Overview, Layouts (not on phones) and Settings, and the
 * bar's View, Save (Publish when public) and Edit Config (developer mode). The tabs share one
 * draft of the entry; while it has unsaved changes a note says so, leaving the portal's screens
 * asks first, and the browser warns before the page is closed.
 */
export function DirectoryShell() {
  return (
    <DirectoryProvider>
      <Shell />
    </DirectoryProvider>
  );
}

function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const directory = useDirectory();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [config, setConfig] = useState(false);
  const [saveError, setSaveError] = useProblem();
  const onSetup = pathname.startsWith(`${ROOT}/setup`);
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => directory.dirty && !next.pathname.startsWith(ROOT),
    enableBeforeUnload: () => directory.dirty,
    withResolver: true,
  });

  if (!directory.loaded) {
    return (
      <Screen title={t('directory.title')}>
        <p role="status" className="py-16 text-center text-muted-foreground">
          {t('portal.loading-description')}
        </p>
      </Screen>
    );
  }
  if (!onSetup && !entersPortal(directory.saved, portalFlagOn()))
    return <Navigate to="/portal-directory/setup" replace />;

  const save = async () => {
    try {
      await directory.save();
      toast.success(t('portal.directory-saved'));
    } catch (error) {
      // The spec's alert: a general error's title, the server's errors, no cancel button.
      setSaveError(error);
    }
  };
  const handle = directory.saved?.uniqueUrl;
  const tabs = onSetup
    ? undefined
    : [
        { to: ROOT, label: t('directory.tab-overview') },
        ...(desktop ? [{ to: `${ROOT}/layouts`, label: t('directory.tab-layouts') }] : []),
        { to: `${ROOT}/settings`, label: t('directory.tab-settings') },
      ];
  const actions = onSetup ? undefined : (
    <>
      {me.developerMode && (
        <button type="button" className={secondaryButtonClass} onClick={() => setConfig(true)}>
          <Braces className="size-4" aria-hidden />
          {t('directory.edit-config')}
        </button>
      )}
      <a
        className={secondaryButtonClass}
        href={handle ? portalUrl(handle) : undefined}
        target="_blank"
        rel="noopener"
        aria-disabled={!handle}
        aria-label={t('directory.view')}
      >
        <ExternalLink className="size-4" aria-hidden />
        {/* A phone's bar has room for the title only with the icon alone. */}
        <span className="hidden sm:inline">{t('directory.view')}</span>
      </a>
      <button
        type="button"
        className={buttonClass}
        disabled={!directory.dirty || directory.saving}
        onClick={save}
      >
        {directory.draft.isPublic === 'y' ? t('directory.publish') : t('general.save')}
      </button>
    </>
  );
  return (
    <Screen title={onSetup ? t('setup.title') : t('directory.title')} tabs={tabs} actions={actions} wide>
      {directory.dirty && !onSetup && (
        <p
          role="status"
          className="mx-auto mb-3 max-w-3xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('directory.unsaved-changes')}
        </p>
      )}
      <Outlet />
      <JsonEditorDialog
        open={config}
        onOpenChange={setConfig}
        title={t('directory.edit-config')}
        description={t('directory.edit-config-description')}
        value={directory.draft}
        onSave={(json) => {
          const parsed = Portal.DirectoryFields.safeParse(json);
          if (!parsed.success) return t(parsed.error.issues[0]?.message ?? 'general.validation-failed');
          directory.change(() => parsed.data);
          return undefined;
        }}
      />
      <AlertDialog open={saveError !== undefined} onOpenChange={(open) => !open && setSaveError(undefined)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('general.error')}</AlertDialogTitle>
            <AlertDialogDescription className="whitespace-pre-line">{saveError}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogAction>{t('general.ok')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={blocker.status === 'blocked'}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('directory.leave-title')}</AlertDialogTitle>
            <AlertDialogDescription>{t('directory.leave-text')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => blocker.reset?.()}>{t('directory.stay')}</AlertDialogCancel>
            <AlertDialogAction onClick={() => blocker.proceed?.()}>{t('directory.leave')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
