import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { useFieldsData } from './data';

type Item = CustomFields.Item;
const blank: Item = CustomFields.Item.parse({ title: '-', type: 'boolean' });

/**
 * `/custom-fields/schemas/items/edit/{schemaId}/{itemIndex}` (`new=true` creates). A change of an
 * answered item's type or options is checked here with core's rule on the answers this device
 * holds: refused with the count, or, for a conversion that keeps them, saved once the count is
 * confirmed. The server applies the same rule.
 */
export function ItemDialog({
  schemaId,
  itemIndex,
  isNew,
}: {
  schemaId: string;
  itemIndex: string;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFieldsData();
  const schema = [...data.schemas, ...data.templates].find((s) => s._id === schemaId);
  const before = isNew ? undefined : schema?.items[itemIndex];
  const [item, setItem] = useState<Item>(before ?? { ...blank, title: '' });
  const [option, setOption] = useState('');
  const [error, setError] = useProblem();
  const [confirm, setConfirm] = useState<number>();
  const save = useCommand(CustomFields.saveItem);
  const remove = useCommand(CustomFields.deleteItem);
  const close = () => navigate({ to: '/custom-fields/schemas/$schemaId', params: { schemaId } });
  if (!schema) return null;
  const answered = data.values.filter((v) => v.schemaId === schemaId);
  const set = (patch: Partial<Item>) => setItem((i) => ({ ...i, ...patch }));
  const setSettings = (patch: Partial<Item['settings']>) =>
    setItem((i) => ({ ...i, settings: { ...i.settings, ...patch } }));
  const onError = (err: unknown) => toast.error(errorText(t, err));

  const submit = (e?: FormEvent, confirmed = false) => {
    e?.preventDefault();
    const parsed = CustomFields.Item.safeParse(item);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'general.validation-failed');
    if (before && CustomFields.changesShape(before, parsed.data)) {
      const count = CustomFields.answersTo(itemIndex, answered);
      if (count > 0) {
        const change = CustomFields.itemChange(before, parsed.data);
        if (!change.ok) return setError(change.code, { count });
        if (!confirmed) return setConfirm(count);
      }
    }
    save.mutate({ schemaId, ...(before ? { index: itemIndex } : {}), item: parsed.data }, { onError });
    void close();
  };
  const addOption = () => {
    const label = option.trim();
    if (!label) return;
    const taken = item.settings.selectOptions.map((o) => o.id);
    setSettings({
      selectOptions: [...item.settings.selectOptions, { id: CustomFields.optionId(label, taken), label }],
    });
    setOption('');
  };
  const inUse = before ? CustomFields.answersTo(itemIndex, answered) : 0;
  const N = CustomFields.NotesRequired;
  return (
    <Dialog open onOpenChange={(open) => !open && void close()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(isNew ? 'custom-fields.add-item' : 'custom-fields.edit-item')}</DialogTitle>
            <DialogDescription>{schema.title}</DialogDescription>
          </DialogHeader>
          <Field label={t('custom-fields.title')}>
            <Input value={item.title} onChange={(e) => set({ title: e.target.value })} maxLength={200} />
          </Field>
          <Field label={t('custom-fields.description')}>
            <Input
              value={item.description}
              onChange={(e) => set({ description: e.target.value })}
              maxLength={1000}
            />
          </Field>
          <Field label={t('custom-fields.item-type')}>
            <select
              className={inputClass}
              value={item.type}
              onChange={(e) => set({ type: e.target.value as Item['type'] })}
            >
              {CustomFields.ITEM_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`custom-fields.type.${x}`)}
                </option>
              ))}
            </select>
          </Field>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child */}
          <label className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={item.skippable}
              onCheckedChange={(v) =>
                set({
                  skippable: v === true,
                  // WhenSkipped is offered only for a skippable item.
                  ...(v !== true && item.notesRequired === N.WhenSkipped
                    ? { notesRequired: N.Optional }
                    : {}),
                })
              }
            />
            {t('custom-fields.skippable')}
          </label>
          <Field label={t('custom-fields.notes-rule')}>
            <select
              className={inputClass}
              value={item.notesRequired}
              onChange={(e) => set({ notesRequired: Number(e.target.value) as CustomFields.NotesRequired })}
            >
              <option value={N.Optional}>{t('custom-fields.notes-rule-optional')}</option>
              <option value={N.Always}>{t('custom-fields.notes-rule-always')}</option>
              {item.skippable && (
                <option value={N.WhenSkipped}>{t('custom-fields.notes-rule-when-skipped')}</option>
              )}
              <option value={N.WhenSkippedOrFalsy}>
                {t(
                  item.skippable
                    ? 'custom-fields.notes-rule-when-skipped-or-falsy'
                    : 'custom-fields.notes-rule-when-falsy',
                )}
              </option>
            </select>
          </Field>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child */}
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={item.active} onCheckedChange={(v) => set({ active: v === true })} />
            {t('custom-fields.active')}
          </label>
          {item.type === 'number' && (
            <Field label={t('custom-fields.decimal-places')}>
              <Input
                type="number"
                min={0}
                max={6}
                value={item.settings.decimalPlaces}
                onChange={(e) => setSettings({ decimalPlaces: Number(e.target.value) || 0 })}
              />
            </Field>
          )}
          {(item.type === 'number' || item.type === 'text') && (
            <div className="grid grid-cols-2 gap-3">
              <Field label={t('custom-fields.prefix')}>
                <Input
                  value={item.settings.prefix}
                  onChange={(e) => setSettings({ prefix: e.target.value })}
                  maxLength={20}
                />
              </Field>
              <Field label={t('custom-fields.suffix')}>
                <Input
                  value={item.settings.suffix}
                  onChange={(e) => setSettings({ suffix: e.target.value })}
                  maxLength={20}
                />
              </Field>
            </div>
          )}
          {item.type === 'select' && (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">{t('custom-fields.options')}</legend>
              {item.settings.selectOptions.map((o, i) => (
                <div key={o.id} className="flex items-center gap-2">
                  <Input
                    aria-label={t('custom-fields.option-label', { n: i + 1 })}
                    value={o.label}
                    onChange={(e) =>
                      setSettings({
                        selectOptions: item.settings.selectOptions.map((x) =>
                          x.id === o.id ? { ...x, label: e.target.value } : x,
                        ),
                      })
                    }
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('custom-fields.remove-option', { label: o.label })}
                    onClick={() =>
                      setSettings({ selectOptions: item.settings.selectOptions.filter((x) => x.id !== o.id) })
                    }
                  >
                    <X aria-hidden />
                  </Button>
                </div>
              ))}
              <Input
                placeholder={t('custom-fields.add-option')}
                aria-label={t('custom-fields.add-option')}
                value={option}
                onChange={(e) => setOption(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addOption();
                  }
                }}
              />
              {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child */}
              <label className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={item.settings.selectMultiple}
                  onCheckedChange={(v) => setSettings({ selectMultiple: v === true })}
                />
                {t('custom-fields.select-multiple')}
              </label>
            </fieldset>
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          {confirm !== undefined && (
            <div role="alert" className="grid gap-2 rounded-md border p-3 text-sm">
              <p>{t('custom-fields.convert-confirm', { count: confirm })}</p>
              <Button type="button" onClick={() => submit(undefined, true)}>
                {t('custom-fields.convert')}
              </Button>
            </div>
          )}
          <DialogFooter className="gap-2">
            {before && (
              <Button
                type="button"
                variant="outline"
                disabled={inUse > 0}
                title={inUse > 0 ? t('custom-fields.field-in-use') : undefined}
                onClick={() => {
                  remove.mutate({ schemaId, index: itemIndex }, { onError });
                  void close();
                }}
              >
                <Trash2 aria-hidden />
                {t('general.delete')}
              </Button>
            )}
            <Button type="submit">{t('general.save')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
