import './strings.ts';
import { CustomFields, newId } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { ClipboardList, Globe, LayoutTemplate, Plus } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { Badge } from '../../components/ui/badge';
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
import { useProblem } from '../../lib/use-problem';
import { matches, type Schema, useFieldsData } from './data';
import { GlobalDialog } from './global-dialog';

type Creating = { kind: 'blank' } | { kind: 'template' };

/** `/custom-fields/main`: the collections or the templates, with search, create and create from a template. */
export function MainScreen() {
  const { t } = useTranslation();
  const data = useFieldsData();
  const [showTemplates, setShowTemplates] = useState(false);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<Creating>();
  const [global, setGlobal] = useState(false);
  const list = (showTemplates ? data.templates : data.schemas).filter((s) =>
    matches(search, s.title, s.description),
  );
  return (
    <Screen
      title={t('custom-fields.heading')}
      actions={
        <Button variant="outline" size="sm" className="h-9" onClick={() => setGlobal(true)}>
          <Globe aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('custom-fields.global')}</span>
        </Button>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <fieldset aria-label={t('custom-fields.show')} className="inline-flex rounded-md border p-0.5">
            {[false, true].map((templates) => (
              <button
                key={String(templates)}
                type="button"
                aria-pressed={showTemplates === templates}
                className="rounded px-3 py-1.5 text-sm aria-pressed:bg-primary aria-pressed:text-primary-foreground"
                onClick={() => setShowTemplates(templates)}
              >
                {t(templates ? 'custom-fields.templates' : 'custom-fields.schemas')}
              </button>
            ))}
          </fieldset>
          <Input
            type="search"
            className="min-w-40 flex-1"
            placeholder={t('custom-fields.search')}
            aria-label={t('custom-fields.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button onClick={() => setCreating({ kind: 'blank' })}>
            <Plus aria-hidden />
            {t(showTemplates ? 'custom-fields.new-template' : 'custom-fields.new-schema')}
          </Button>
          {!showTemplates && (
            <Button variant="outline" onClick={() => setCreating({ kind: 'template' })}>
              <LayoutTemplate aria-hidden />
              {t('custom-fields.create-from-template')}
            </Button>
          )}
        </div>
        {list.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
            <ClipboardList className="size-8" aria-hidden />
            <p>{t(showTemplates ? 'custom-fields.no-templates' : 'custom-fields.no-schemas')}</p>
          </div>
        ) : (
          <ul
            className="flex flex-col gap-2"
            aria-label={t(showTemplates ? 'custom-fields.templates' : 'custom-fields.schemas')}
          >
            {list.map((s) => (
              <li key={s._id}>
                <Link
                  to="/custom-fields/schemas/$schemaId"
                  params={{ schemaId: s._id }}
                  className="flex items-center gap-3 rounded-lg border p-3 hover:bg-accent"
                >
                  <div className="min-w-0 flex-1">
                    <div className="font-medium">{s.title}</div>
                    {s.description && (
                      <div className="truncate text-sm text-muted-foreground">{s.description}</div>
                    )}
                  </div>
                  {s.required && <Badge variant="outline">{t('custom-fields.required')}</Badge>}
                  <Badge variant="secondary">{t(`custom-fields.target.${s.target}`)}</Badge>
                  <Badge variant="secondary">
                    {t('custom-fields.item-count', { count: Object.keys(s.items).length })}
                  </Badge>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <Dialog open={!!creating} onOpenChange={(open) => !open && setCreating(undefined)}>
        {creating?.kind === 'blank' && (
          <CreateDialog isTemplate={showTemplates} onDone={() => setCreating(undefined)} />
        )}
        {creating?.kind === 'template' && (
          <FromTemplateDialog templates={data.templates} onDone={() => setCreating(undefined)} />
        )}
      </Dialog>
      <GlobalDialog open={global} onOpenChange={setGlobal} />
    </Screen>
  );
}

/** The spec's dialog: a collection from target, title and description. */
function CreateDialog({
  isTemplate,
  template,
  onDone,
}: {
  isTemplate: boolean;
  template?: { key: string; title: string; description: string; target: CustomFields.Target };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCommand(CustomFields.createSchema);
  const [title, setTitle] = useState(template?.title ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [target, setTarget] = useState<CustomFields.Target>(template?.target ?? 'job-occurrence-completion');
  const [required, setRequired] = useState(false);
  const [error, setError] = useProblem();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const _id = newId();
    const input = { _id, title, description, target, isTemplate, required, fromTemplate: template?.key };
    const parsed = CustomFields.SchemaFields.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'general.validation-failed');
    create.mutate(input, { onError: (err) => toast.error(errorText(t, err)) });
    toast.success(
      t(template ? 'custom-fields.schema-create-template-success' : 'custom-fields.schema-create-success'),
    );
    onDone();
    void navigate({ to: '/custom-fields/schemas/$schemaId', params: { schemaId: _id } });
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>
            {t(isTemplate ? 'custom-fields.new-template' : 'custom-fields.new-schema')}
          </DialogTitle>
          <DialogDescription>{t('custom-fields.create-description')}</DialogDescription>
        </DialogHeader>
        <Field label={t('custom-fields.target')}>
          <select
            className={inputClass}
            value={target}
            onChange={(e) => setTarget(e.target.value as CustomFields.Target)}
          >
            {CustomFields.TARGETS.map((x) => (
              <option key={x} value={x}>
                {t(`custom-fields.target.${x}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('custom-fields.title')} error={error}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
        </Field>
        <Field label={t('custom-fields.description')}>
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        </Field>
        {!isTemplate && (
          // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={required} onCheckedChange={(v) => setRequired(v === true)} />
            {t('custom-fields.required-hint')}
          </label>
        )}
        <DialogFooter>
          <Button type="submit">{t('custom-fields.create')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** Create from a template: the account's own templates and the standard ones, each with a search. */
function FromTemplateDialog({ templates, onDone }: { templates: Schema[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{
    key: string;
    title: string;
    description: string;
    target: CustomFields.Target;
  }>();
  const [search, setSearch] = useState({ custom: '', standard: '' });
  const custom = useMemo(
    () => templates.filter((x) => matches(search.custom, x.title, x.description)),
    [templates, search.custom],
  );
  const standard = CustomFields.STANDARD_TEMPLATES.filter((x) =>
    matches(search.standard, x.title, x.description),
  );
  if (picked) return <CreateDialog isTemplate={false} template={picked} onDone={onDone} />;
  const row = (
    key: string,
    title: string,
    description: string,
    target: CustomFields.Target,
    count: number,
  ) => (
    <li key={key}>
      <button
        type="button"
        disabled={count === 0}
        className="flex w-full items-center gap-3 rounded-lg border p-3 text-left hover:bg-accent disabled:opacity-60"
        onClick={() => setPicked({ key, title, description, target })}
      >
        <span className="min-w-0 flex-1">
          <span className="block font-medium">{title}</span>
          <span className="block truncate text-sm text-muted-foreground">{description}</span>
        </span>
        <Badge variant="secondary">{t('custom-fields.item-count', { count })}</Badge>
      </button>
    </li>
  );
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('custom-fields.create-from-template')}</DialogTitle>
        <DialogDescription>{t('custom-fields.from-template-description')}</DialogDescription>
      </DialogHeader>
      <Tabs defaultValue="standard">
        <TabsList>
          <TabsTrigger value="custom">{t('custom-fields.custom-templates')}</TabsTrigger>
          <TabsTrigger value="standard">{t('custom-fields.standard-templates')}</TabsTrigger>
        </TabsList>
        {(['custom', 'standard'] as const).map((tab) => (
          <TabsContent key={tab} value={tab} className="grid gap-3">
            <Input
              type="search"
              aria-label={t('custom-fields.search')}
              placeholder={t('custom-fields.search')}
              value={search[tab]}
              onChange={(e) => setSearch((s) => ({ ...s, [tab]: e.target.value }))}
            />
            <ul className="grid max-h-80 gap-2 overflow-y-auto">
              {tab === 'custom'
                ? custom.map((x) => row(x._id, x.title, x.description, x.target, Object.keys(x.items).length))
                : standard.map((x) => row(x.key, x.title, x.description, x.target, x.items.length))}
              {tab === 'custom' && templates.length === 0 && (
                <li className="text-sm text-muted-foreground">
                  {t('custom-fields.schema-create-template-error')}
                </li>
              )}
            </ul>
          </TabsContent>
        ))}
      </Tabs>
    </DialogContent>
  );
}
