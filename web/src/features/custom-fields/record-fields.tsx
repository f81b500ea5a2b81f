import './strings.ts';
import { CustomFields, canNavigate } from '@roundwise/core';
import { ListChecks } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useActor } from '../../lib/me';
import { toast } from '../../lib/toast';
import { useFieldsData } from './data';
import { FieldsPanel } from './fields-panel';
import { CompleteFieldsDialog } from './fill-dialog';
import { ProgressBadge } from './progress-chip';
import { SchemaPicker } from './schema-picker';

type RecordTarget = 'job' | 'customer' | 'accountuser';

/** Whether this person has custom fields at all (Ultimate and the metadata feature). */
const useFieldsOn = () => canNavigate(useActor(), 'custom-fields').ok;

/**
 * The custom fields of a customer or a member of staff, shown and filled in where the record
 * shows: the collections enabled for its kind (the global dialog). Nothing where none is.
 */
export function RecordFields({
  target,
  targetObjectId,
  related = [],
  label,
}: {
  target: RecordTarget;
  targetObjectId: string;
  related?: string[];
  label?: string;
}) {
  const data = useFieldsData();
  const [open, setOpen] = useState(false);
  const on = useFieldsOn();
  const schemas = data.offeredOn(target);
  if (!on || schemas.length === 0) return null;
  return (
    <FieldsPanel
      fill={{ target, targetObjectId, related }}
      schemas={schemas}
      values={data.values}
      open={open}
      onOpenChange={setOpen}
      label={label}
    />
  );
}

/**
 * A compact form of the same for a row (the users list): one button with the chip of every
 * offered collection added up, which opens the fill-in flow.
 */
export function RecordFieldsButton({
  target,
  targetObjectId,
  name,
}: {
  target: RecordTarget;
  targetObjectId: string;
  name: string;
}) {
  const { t } = useTranslation();
  const data = useFieldsData();
  const [open, setOpen] = useState(false);
  const on = useFieldsOn();
  const schemas = data.offeredOn(target);
  if (!on || schemas.length === 0) return null;
  let done = 0;
  let total = 0;
  for (const s of schemas) {
    const p = CustomFields.progress(s, data.valuesOf(s._id, targetObjectId)?.values);
    done += p.done;
    total += p.total;
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-9"
        aria-label={t('custom-fields.fields-of', { name })}
        onClick={() => setOpen(true)}
      >
        <ListChecks aria-hidden />
        <ProgressBadge done={done} total={total} />
      </Button>
      <CompleteFieldsDialog
        open={open}
        onOpenChange={setOpen}
        schemas={schemas}
        values={data.values}
        fill={{ target, targetObjectId, related: [] }}
      />
    </>
  );
}

/**
 * A job's custom fields, on its card: the collections offered on the job (enabled for jobs, or for
 * this job), filled in place; for an Owner or Admin, the button to the job's own dialog, which
 * enables collections on this job and its visits.
 */
export function JobFields({ jobId, customerId }: { jobId: string; customerId: string }) {
  const { t } = useTranslation();
  const actor = useActor();
  const data = useFieldsData();
  const [filling, setFilling] = useState(false);
  const [choosing, setChoosing] = useState(false);
  const on = useFieldsOn();
  if (!on) return null;
  const schemas = data.offeredOn('job', jobId);
  const admin = actor.roles.some((r) => r === 'Owner' || r === 'Admin');
  const choose = admin && (
    <Button variant="ghost" size="sm" onClick={() => setChoosing(true)}>
      <ListChecks aria-hidden />
      {t('custom-fields.job-dialog-open')}
    </Button>
  );
  const dialog = admin && <JobFieldsDialog jobId={jobId} open={choosing} onOpenChange={setChoosing} />;
  // Nothing offered: the card keeps only the button that opens the job's dialog (Owner, Admin).
  if (schemas.length === 0)
    return (
      admin && (
        <div className="flex justify-end">
          {choose}
          {dialog}
        </div>
      )
    );
  return (
    <>
      <FieldsPanel
        fill={{ target: 'job', targetObjectId: jobId, related: [jobId, customerId] }}
        schemas={schemas}
        values={data.values}
        open={filling}
        onOpenChange={setFilling}
        label={t('custom-fields.job-fields')}
        actions={choose}
      />
      {dialog}
    </>
  );
}

/** What a job's dialog offers: collections for the job itself and for its visits' completion. */
const FOR_JOB = new Set<string>(['job', 'job-occurrence-completion', 'any']);

/**
 * The custom-fields dialog opened from a job (spec 001 section 2.1), with the global dialog's two
 * tabs: the collections enabled on this job and its visits (10 a page, with search), and those
 * enabled for every job and visit, read-only. Saved as the job's linker (`jobs/<jobId>`).
 */
export function JobFieldsDialog({
  jobId,
  open,
  onOpenChange,
}: {
  jobId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const data = useFieldsData();
  const save = useCommand(CustomFields.setEnabled);
  const stored = data.jobLinker(jobId)?.schemaIds;
  const [enabled, setEnabled] = useState<string[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on opening or when the stored list changes
  useEffect(() => setEnabled(stored ?? []), [open, stored?.join()]);
  const forJob = data.schemas.filter((s) => FOR_JOB.has(s.target));
  const global = forJob.filter((s) =>
    (s.target === 'any' ? ['job', 'job-occurrence-completion'] : [s.target]).some((type) =>
      data.linkerOf(type)?.schemaIds.includes(s._id),
    ),
  );
  const onSave = () => {
    save.mutate(
      { resourceType: 'job', jobId, schemaIds: enabled },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
    onOpenChange(false);
  };
  const targetName = (s: { target: string }) => t(`custom-fields.target.${s.target}`);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('custom-fields.job-dialog')}</DialogTitle>
          <DialogDescription>{t('custom-fields.job-dialog-description')}</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="custom">
          <TabsList>
            <TabsTrigger value="custom">{t('custom-fields.custom-fields-tab')}</TabsTrigger>
            <TabsTrigger value="global">{t('custom-fields.global-fields-tab')}</TabsTrigger>
          </TabsList>
          <TabsContent value="custom">
            <SchemaPicker schemas={forJob} enabled={enabled} onChange={setEnabled} describe={targetName} />
          </TabsContent>
          <TabsContent value="global">
            <ul className="grid gap-1 text-sm">
              {global.length === 0 && (
                <li className="text-muted-foreground">{t('custom-fields.no-schemas')}</li>
              )}
              {global.map((s) => (
                // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child
                <label key={s._id} className="flex items-center gap-2 p-2">
                  <Checkbox checked disabled />
                  {s.title} <span className="text-muted-foreground">({targetName(s)})</span>
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
