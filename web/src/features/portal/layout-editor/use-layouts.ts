import '../strings.ts';
import { newId, Portal } from '@roundwise/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommand } from '../../../lib/commands/use-command';
import { errorText } from '../../../lib/errors';
import { useEntity, useEntityList } from '../../../lib/sync/hooks';
import { toast } from '../../../lib/toast';

type Item = Portal.LayoutItem;

/** Items compared by name and place: the grid may hand them back in another order. */
const key = (items: readonly Item[]) =>
  JSON.stringify(
    [...items].sort((a, b) => a.i.localeCompare(b.i)).map((it) => [it.i, it.x, it.y, it.w, it.h]),
  );

/**
 * The business's layouts as the editor works on them: the stored ones (a legacy layout migrated as
 * it loads, unsaved until Save), the one chosen, its draft items, and the commands that save,
 * publish, make and delete them.
 */
export function useLayouts() {
  const { t } = useTranslation();
  const stored = useEntityList<Portal.StoredLayout>('portalLayout');
  const published = useEntity<Portal.PublishedLayout>('portalPublished', Portal.PUBLISHED_ID);
  const layouts = useMemo(
    () =>
      stored
        .map((s) => Portal.migrateLayout(s, (name) => t('portal.layout-migrated-name', { name })))
        .sort((a, b) => a.layout.name.localeCompare(b.layout.name, 'en-GB', { numeric: true })),
    [stored, t],
  );
  const [chosenId, setChosenId] = useState<string>();
  const chosen =
    layouts.find((l) => l.layout._id === chosenId) ??
    layouts.find((l) => l.layout._id === published?.layoutId) ??
    layouts[0];
  // `base`: the stored items as the grid first laid them out (compacted), when it moved them.
  const [draft, setDraft] = useState<{ id: string; items: Item[]; base?: Item[] }>();
  const mine = draft && draft.id === chosen?.layout._id ? draft : undefined;
  const items = mine ? mine.items : (chosen?.layout.layout ?? []);
  const dirty = !!chosen && (chosen.migrated || key(items) !== key(mine?.base ?? chosen.layout.layout));

  // Another layout chosen: its own items, not the last one's draft.
  useEffect(() => {
    if (chosen && draft && draft.id !== chosen.layout._id) setDraft(undefined);
  }, [chosen, draft]);

  const save = useCommand(Portal.saveLayout);
  const publish = useCommand(Portal.publishLayout);
  const remove = useCommand(Portal.deleteLayout);
  const onError = useCallback((e: unknown) => toast.error(errorText(t, e)), [t]);

  /**
   * The chosen layout's items changed. `settled`: the grid laid them out, not the user's doing (it
   * closes up gaps a stored layout may have), so opening a layout leaves it unchanged.
   */
  const setItems = useCallback(
    (next: Item[] | ((items: Item[]) => Item[]), settled = false) => {
      if (!chosen) return;
      const id = chosen.layout._id;
      setDraft((d) => {
        const own = d && d.id === id ? d : undefined;
        const items = typeof next === 'function' ? next(own?.items ?? chosen.layout.layout) : next;
        return settled && !own ? { id, items, base: items } : { id, items, base: own?.base };
      });
    },
    [chosen],
  );

  const saveChosen = (then?: () => void) => {
    if (!chosen) return;
    save.mutate(
      {
        _id: chosen.layout._id,
        name: chosen.layout.name,
        layout: items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })),
      },
      { onError },
    );
    toast.success(t('portal.editor.saved'));
    setDraft(undefined);
    then?.();
  };

  return {
    layouts: layouts.map((l) => l.layout),
    chosen: chosen?.layout,
    publishedId: published?.layoutId,
    items,
    setItems,
    dirty,
    choose: setChosenId,
    save: () => saveChosen(),
    /** Saves what is on screen first, so the page shows exactly this. */
    publish: () => {
      if (!chosen) return;
      const layoutId = chosen.layout._id;
      const go = () => {
        publish.mutate({ layoutId }, { onError });
        toast.success(t('portal.editor.published'));
      };
      if (dirty) saveChosen(go);
      else go();
    },
    create: () => {
      const names = new Set(layouts.map((l) => l.layout.name));
      let number = layouts.length + 1;
      while (names.has(t('portal.layout-default-name', { number }))) number++;
      const _id = newId();
      save.mutate({ _id, name: t('portal.layout-default-name', { number }), layout: [] }, { onError });
      setChosenId(_id);
    },
    /** Deletes the chosen layout, then the one before it in the list is chosen (spec 002 section 4). */
    remove: () => {
      if (!chosen) return;
      const at = layouts.findIndex((l) => l.layout._id === chosen.layout._id);
      const previous = layouts[at - 1] ?? layouts[at + 1];
      remove.mutate(
        { _id: chosen.layout._id },
        { onError, onSuccess: () => toast.success(t('portal.editor.deleted')) },
      );
      setChosenId(previous?.layout._id);
    },
  };
}
