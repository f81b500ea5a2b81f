import '../strings.ts';
import { atLeast, Portal } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { clsx } from 'clsx';
import { LayoutGrid as GridIcon, Plus, Settings2, SlidersHorizontal, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
import { buttonClass, inputClass, secondaryButtonClass } from '../../../components/form';
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { useActor } from '../../../lib/me';
import { useEntityList } from '../../../lib/sync/hooks';
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { useLayouts } from './use-layouts';
import { ViewAs, type Viewer } from './view-as';
import { WidgetSettingsDialog, WidgetSettingsList } from './widget-settings';

// The grid library comes only with the grid, in its own chunk: the upgrade prompt needs none of it.
const LayoutGrid = lazy(() => import('./layout-grid'));

/** The widgets the palette offers (spec 002 section 5: it hides layout, spacer, address-search, quote-flow). */
const PALETTE = Portal.widgetNames.filter((n) => Portal.widgets[n].inPalette);

/**
 * `/portal-directory/layouts` (spec 002 section 2.5, panels 1 and 2; Ultimate): the business lays
 * out the widgets its portal page shows. Lower levels see the upgrade prompt instead.
 */
export function LayoutEditorScreen() {
  const { t } = useTranslation();
  const actor = useActor();
  if (!atLeast(actor.level, 'Ultimate')) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4">
        <p className="text-sm">{t('portal.layout-editor-upgrade')}</p>
        <Link to="/account/subscription/{-$trialEnding}" className={buttonClass}>
          {t('portal.upgrade-now')}
        </Link>
      </div>
    );
  }
  // Only the business owner edits (spec 002 section 6); an admin may look, and View As.
  return <LayoutEditor readOnly={!actor.roles.includes('Owner')} />;
}

function LayoutEditor({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  // The tab is hidden on phones; reached anyway (a link), it warns once (spec 002 section 2.5).
  const [warned, setWarned] = useState(false);
  const handle = useEntityList<Portal.Directory>('portalDirectory')[0]?.uniqueUrl;
  const L = useLayouts();
  const [mobileView, setMobileView] = useState(false);
  const [viewer, setViewer] = useState<Viewer>({ state: 'signed-out' });
  const [settingsOf, setSettingsOf] = useState<Portal.ConfigurableWidget>();
  const [allSettings, setAllSettings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const layoutSelect = useId();
  const mobileSwitch = useId();
  const isPublished = !!L.chosen && L.chosen._id === L.publishedId;

  return (
    <div className="flex flex-col gap-3" data-testid="layout-editor">
      <div className="sticky top-0 z-20 flex flex-col gap-2 border-b bg-background/95 py-2 backdrop-blur">
        <div role="toolbar" aria-label={t('portal.editor.palette')} className="flex flex-wrap gap-1.5">
          {PALETTE.map((name) => {
            const on = L.items.some((it) => it.i === name);
            return (
              <button
                key={name}
                type="button"
                aria-pressed={on}
                disabled={!L.chosen || mobileView || readOnly}
                onClick={() => L.setItems((items) => Portal.toggleWidget(items, name))}
                className={clsx(
                  'h-8 rounded-full border px-3 text-xs font-medium transition-colors disabled:opacity-50',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
                )}
              >
                {t(`portal.editor.widget-${name}`)}
              </button>
            );
          })}
          <button
            type="button"
            disabled={!L.chosen || mobileView || readOnly}
            onClick={() => L.setItems(Portal.addSpacer)}
            className="inline-flex h-8 items-center gap-1 rounded-full border border-dashed px-3 text-xs font-medium hover:bg-accent disabled:opacity-50"
          >
            <Plus className="size-3.5" aria-hidden />
            {t('portal.editor.add-spacer')}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="mr-auto flex min-w-0 items-center gap-2 text-sm">
            <span className="truncate font-medium">{L.chosen?.name}</span>
            {isPublished && (
              <span className="rounded-full bg-emerald-500/15 px-2 py-0.5 text-xs text-emerald-700 dark:text-emerald-300">
                {t('portal.editor.is-published')}
              </span>
            )}
            {L.dirty && <span className="text-xs text-muted-foreground">{t('portal.editor.unsaved')}</span>}
            {viewer.state === 'signed-in' && (
              <span className="truncate text-xs text-muted-foreground">
                {t('portal.editor.viewing-as', { name: viewer.name })}
              </span>
            )}
          </p>
          <div className="flex items-center gap-2 text-sm">
            <Switch id={mobileSwitch} checked={mobileView} onCheckedChange={setMobileView} />
            <label htmlFor={mobileSwitch}>{t('portal.editor.mobile-view')}</label>
          </div>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={readOnly}
            onClick={() => setAllSettings(true)}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            {t('portal.editor.widget-settings')}
          </button>
          <Popover>
            <PopoverTrigger className={secondaryButtonClass}>
              <Settings2 className="size-4" aria-hidden />
              {t('portal.editor.menu')}
            </PopoverTrigger>
            <PopoverContent align="end" className="flex w-80 flex-col gap-3">
              <label htmlFor={layoutSelect} className="text-sm font-medium">
                {t('portal.editor.layout')}
              </label>
              <select
                id={layoutSelect}
                className={inputClass}
                value={L.chosen?._id ?? ''}
                disabled={L.layouts.length === 0}
                onChange={(e) => L.choose(e.target.value)}
              >
                {L.layouts.map((l) => (
                  <option key={l._id} value={l._id}>
                    {l.name}
                  </option>
                ))}
              </select>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={secondaryButtonClass} disabled={readOnly} onClick={L.create}>
                  <Plus className="size-4" aria-hidden />
                  {t('portal.editor.new')}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={!L.chosen || isPublished || readOnly}
                  onClick={() => setDeleting(true)}
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('portal.editor.delete')}
                </button>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  disabled={L.items.length === 0 || readOnly}
                  onClick={() => L.setItems([])}
                >
                  {t('portal.editor.clear')}
                </button>
              </div>
              <p className="text-sm font-medium">{t('portal.view-as')}</p>
              <ViewAs handle={handle} viewer={viewer} onViewer={setViewer} />
            </PopoverContent>
          </Popover>
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={!L.dirty || readOnly}
            onClick={L.save}
          >
            {t('portal.editor.save')}
          </button>
          <button
            type="button"
            className={buttonClass}
            disabled={!L.chosen || (isPublished && !L.dirty) || readOnly}
            onClick={L.publish}
          >
            {t('portal.editor.publish')}
          </button>
        </div>
      </div>

      {readOnly && <p className="text-sm text-muted-foreground">{t('portal.editor.owner-only')}</p>}
      {mobileView && <p className="text-sm text-muted-foreground">{t('portal.editor.mobile-view-hint')}</p>}
      {!L.chosen ? (
        <EmptyState
          icon={GridIcon}
          title={t('portal.editor.no-layouts-title')}
          text={t('portal.editor.no-layouts-text')}
        >
          <button type="button" className={buttonClass} disabled={readOnly} onClick={L.create}>
            <Plus className="size-4" aria-hidden />
            {t('portal.editor.new')}
          </button>
        </EmptyState>
      ) : L.items.length === 0 ? (
        <EmptyState
          icon={GridIcon}
          title={t('portal.editor.empty-title')}
          text={t('portal.editor.empty-text')}
        />
      ) : (
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <LayoutGrid
            key={L.chosen._id}
            items={L.items}
            onChange={L.setItems}
            mobile={mobileView}
            readOnly={readOnly}
            viewer={viewer}
            onSettings={setSettingsOf}
          />
        </Suspense>
      )}

      <WidgetSettingsDialog widget={settingsOf} onClose={() => setSettingsOf(undefined)} />
      <Dialog open={allSettings} onOpenChange={setAllSettings}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('portal.editor.widget-settings')}</DialogTitle>
            <DialogDescription>{t('portal.editor.widget-settings-text')}</DialogDescription>
          </DialogHeader>
          <WidgetSettingsList />
        </DialogContent>
      </Dialog>
      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('portal.layout-delete-confirm')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('portal.editor.delete-text', { name: L.chosen?.name ?? '' })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction onClick={L.remove}>{t('portal.editor.delete')}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <Dialog open={!desktop && !warned} onOpenChange={(open) => !open && setWarned(true)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('portal.editor.title')}</DialogTitle>
            <DialogDescription>{t('portal.desktop-layout-on-mobile-warning')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <button type="button" className={buttonClass} onClick={() => setWarned(true)}>
              {t('portal.editor.continue')}
            </button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
