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
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useFieldsData } from './data';
import { SchemaPicker } from './schema-picker';

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
  const enabledNow = data.linkerOf(type)?.schemaIds;
  const [enabled, setEnabled] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the type or the stored list changes
  useEffect(() => setEnabled(enabledNow ?? []), [type, open, enabledNow?.join()]);
  const forType = data.schemas.filter((s) => s.target === type || s.target === 'any');
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
                onChange={(e) => setType(e.target.value as CustomFields.Target)}
              >
                {CustomFields.TARGETS.filter((x) => x !== 'any').map((x) => (
                  <option key={x} value={x}>
                    {t(`custom-fields.target.${x}`)}
                  </option>
                ))}
              </select>
            </Field>
            <SchemaPicker key={type} schemas={forType} enabled={enabled} onChange={setEnabled} />
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
