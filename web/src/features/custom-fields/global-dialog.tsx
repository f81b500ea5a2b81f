import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { useEffect, useState } from 'react';
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { matches, useFieldsData } from './data';

/** Page size of the global dialog's list (spec 001 section 9). */
const PAGE = 10;

/**
 * The global dialog: per resource type, which collections are enabled (10 a page, with search);
 * the global-fields tab lists those read-only, as enabled.
 */
export function GlobalDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const data = useFieldsData();
  const save = useCommand(CustomFields.setEnabled);
  const [type, setType] = useState<CustomFields.Target>('job-occurrence-completion');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const enabledNow = data.linkerOf(type)?.schemaIds;
  const [enabled, setEnabled] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the type or the stored list changes
  useEffect(() => setEnabled(enabledNow ?? []), [type, open, enabledNow?.join()]);
  const forType = data.schemas.filter((s) => s.target === type || s.target === 'any');
  const found = forType.filter((s) => matches(search, s.title, s.description));
  const pages = Math.max(1, Math.ceil(found.length / PAGE));
  const shown = found.slice(page * PAGE, page * PAGE + PAGE);
  const onSave = () => {
    save.mutate({ resourceType: type, schemaIds: enabled }, { onError: (e) => toast.error(errorText(t, e)) });
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('custom-fields.global')}</DialogTitle>
          <DialogDescription>{t('custom-fields.global-description')}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="custom">
          <TabsList>
            <TabsTrigger value="custom">{t('custom-fields.custom-fields-tab')}</TabsTrigger>
            <TabsTrigger value="global">{t('custom-fields.global-fields-tab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="custom" className="grid gap-3">
            <Field label={t('custom-fields.resource-type')}>
              <select
                className={inputClass}
                value={type}
                onChange={(e) => {
                  setType(e.target.value as CustomFields.Target);
                  setPage(0);
                }}
              >
                {CustomFields.TARGETS.filter((x) => x !== 'any').map((x) => (
                  <option key={x} value={x}>
                    {t(`custom-fields.target.${x}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Input
              type="search"
              aria-label={t('custom-fields.search')}
              placeholder={t('custom-fields.search')}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
            />
            <ul className="grid gap-1">
              {shown.map((s) => (
                <li key={s._id}>
                  {/* biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child */}
                  <label className="flex items-center gap-2 rounded p-2 text-sm hover:bg-accent">
                    <Checkbox
                      checked={enabled.includes(s._id)}
                      onCheckedChange={(on) =>
                        setEnabled((list) => (on ? [...list, s._id] : list.filter((id) => id !== s._id)))
                      }
                    />
                    {s.title}
                  </label>
                </li>
              ))}
              {shown.length === 0 && (
                <li className="text-sm text-muted-foreground">{t('custom-fields.no-schemas')}</li>
              )}
            </ul>
            {pages > 1 && (
              <div className="flex items-center justify-between text-sm">
                <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
                  {t('custom-fields.previous')}
                </Button>
                <span>{t('custom-fields.page', { page: page + 1, pages })}</span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page + 1 >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  {t('custom-fields.next')}
                </Button>
              </div>
            )}
          </TabsContent>
          <TabsContent value="global">
            <ul className="grid gap-1 text-sm">
              {data.schemas
                .filter((s) => data.linkerOf(s.target)?.schemaIds.includes(s._id))
                .map((s) => (
                  // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child
                  <label key={s._id} className="flex items-center gap-2 p-2">
                    <Checkbox checked disabled />
                    {s.title}{' '}
                    <span className="text-muted-foreground">({t(`custom-fields.target.${s.target}`)})</span>
                  </label>
                ))}
            </ul>
          </TabsContent>
        </Tabs>
        <DialogFooter>
          <Button onClick={onSave}>{t('general.save')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
