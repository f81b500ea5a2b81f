import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Copy, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/form';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
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
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { matches, type Schema, useFieldsData } from './data';

/** `/custom-fields/schemas/{schemaId}`: a collection's items, with add, clone, edit and delete. */
export function SchemaScreen({
  schemaId,
  editing,
  children,
}: {
  schemaId: string;
  editing?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const data = useFieldsData();
  const schema = [...data.schemas, ...data.templates].find((s) => s._id === schemaId);
  const [cloning, setCloning] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useCommand(CustomFields.deleteSchema);
  const back = (
    <Button asChild variant="ghost" size="sm" className="h-9">
      <Link to="/custom-fields/main">
        <ArrowLeft aria-hidden />
        {t('custom-fields.back')}
      </Link>
    </Button>
  );
  if (!schema) {
    return (
      <Screen title={t('custom-fields.heading')} actions={back}>
        <EmptyState
          icon={SearchX}
          title={t('custom-fields.no-schema-found')}
          text={t('custom-fields.schema-not-found')}
        />
      </Screen>
    );
  }
  const answered = data.values.filter((v) => v.schemaId === schemaId);
  const items = Object.entries(schema.items).sort(([a], [b]) => Number(a) - Number(b));
  const setEditing = (on: boolean) =>
    navigate({
      to: '/custom-fields/schemas/$schemaId',
      params: { schemaId },
      search: on ? { editing: true } : {},
    });
  return (
    <Screen title={schema.title} actions={back}>
      <div className="flex flex-col gap-4">
        {schema.description && <p className="text-sm text-muted-foreground">{schema.description}</p>}
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">{t(`custom-fields.target.${schema.target}`)}</Badge>
          {schema.isTemplate && <Badge variant="secondary">{t('custom-fields.template')}</Badge>}
          {schema.required && <Badge variant="outline">{t('custom-fields.required')}</Badge>}
          {!schema.isTemplate && (
            <Badge variant={data.enabled(schema._id) ? 'secondary' : 'outline'} data-testid="schema-enabled">
              {t(data.enabled(schema._id) ? 'custom-fields.enabled' : 'custom-fields.not-enabled')}
            </Badge>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link
              to="/custom-fields/schemas/items/edit/$schemaId/$itemIndex"
              params={{ schemaId, itemIndex: String(schema.nextIndex) }}
              search={{ new: true }}
            >
              <Plus aria-hidden />
              {t('custom-fields.add-item')}
            </Link>
          </Button>
          <Button variant="outline" onClick={() => setCloning(true)}>
            <Copy aria-hidden />
            {t('custom-fields.clone-field')}
          </Button>
          <Button variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            {t('general.edit')}
          </Button>
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden />
            {t(answered.length > 0 ? 'custom-fields.archive' : 'general.delete')}
          </Button>
        </div>
        {items.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">{t('custom-fields.no-items')}</p>
        ) : (
          <ol className="flex flex-col gap-2" aria-label={t('custom-fields.items')}>
            {items.map(([index, item]) => (
              <li key={index}>
                <Link
                  to="/custom-fields/schemas/items/edit/$schemaId/$itemIndex"
                  params={{ schemaId, itemIndex: index }}
                  className="flex flex-wrap items-center gap-2 rounded-lg border p-3 hover:bg-accent"
                >
                  <span className="min-w-0 flex-1 font-medium">{item.title}</span>
                  {!item.active && <Badge variant="outline">{t('custom-fields.inactive')}</Badge>}
                  {!item.skippable && <Badge variant="outline">{t('custom-fields.required')}</Badge>}
                  <Badge variant="secondary">{t(`custom-fields.type.${item.type}`)}</Badge>
                  <span className="text-xs text-muted-foreground">
                    {t('custom-fields.answer-count', { count: CustomFields.answersTo(index, answered) })}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </div>
      <Dialog open={!!editing} onOpenChange={(open) => !open && setEditing(false)}>
        {editing && <EditSchemaDialog schema={schema} onDone={() => setEditing(false)} />}
      </Dialog>
      <Dialog open={cloning} onOpenChange={setCloning}>
        {cloning && (
          <CloneDialog
            schema={schema}
            others={[...data.schemas, ...data.templates]}
            onDone={() => setCloning(false)}
          />
        )}
      </Dialog>
      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('custom-fields.delete-confirm', { title: schema.title })}</AlertDialogTitle>
            <AlertDialogDescription>
              {t(
                answered.length > 0
                  ? 'custom-fields.archive-description'
                  : 'custom-fields.delete-description',
              )}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                remove.mutate(
                  { _id: schemaId },
                  { onError: () => toast.error(t('custom-fields.archive-schema-fail')) },
                );
                if (answered.length > 0) toast.success(t('custom-fields.archive-schema-success'));
                void navigate({ to: '/custom-fields/main' });
              }}
            >
              {t(answered.length > 0 ? 'custom-fields.archive' : 'general.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {children}
    </Screen>
  );
}

function EditSchemaDialog({ schema, onDone }: { schema: Schema; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useCommand(CustomFields.updateSchema);
  const [title, setTitle] = useState(schema.title);
  const [description, setDescription] = useState(schema.description);
  const [required, setRequired] = useState(schema.required);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { _id: schema._id, changes: { title, description, required } },
      { onError: (err) => toast.error(errorText(t, err)) },
    );
    onDone();
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t('custom-fields.edit-schema')}</DialogTitle>
          <DialogDescription>{t('custom-fields.create-description')}</DialogDescription>
        </DialogHeader>
        <Field label={t('custom-fields.title')}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </Field>
        <Field label={t('custom-fields.description')}>
          <Input value={description} onChange={(e) => setDescription(e.target.value)} maxLength={1000} />
        </Field>
        {!schema.isTemplate && (
          // biome-ignore lint/a11y/noLabelWithoutControl: the checkbox is the child
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={required} onCheckedChange={(v) => setRequired(v === true)} />
            {t('custom-fields.required-hint')}
          </label>
        )}
        <DialogFooter>
          <Button type="submit">{t('general.save')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

/** Clone an item from another collection: only collections with items, searched 300 ms after typing stops. */
function CloneDialog({ schema, others, onDone }: { schema: Schema; others: Schema[]; onDone: () => void }) {
  const { t } = useTranslation();
  const clone = useCommand(CustomFields.cloneItem);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const sources = others.filter(
    (s) => s._id !== schema._id && Object.keys(s.items).length > 0 && matches(search, s.title, s.description),
  );
  return (
    <DialogContent>
      <DialogHeader>
        <DialogTitle>{t('custom-fields.clone-field')}</DialogTitle>
        <DialogDescription>{t('custom-fields.clone-description')}</DialogDescription>
      </DialogHeader>
      <Input
        type="search"
        aria-label={t('custom-fields.search')}
        placeholder={t('custom-fields.search')}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="grid max-h-96 gap-3 overflow-y-auto">
        {sources.map((s) => (
          <section key={s._id} className="grid gap-1">
            <h3 className="text-sm font-medium">{s.title}</h3>
            {Object.entries(s.items).map(([index, item]) => (
              <button
                key={index}
                type="button"
                className="flex items-center gap-2 rounded border p-2 text-left text-sm hover:bg-accent"
                onClick={() => {
                  clone.mutate(
                    { schemaId: schema._id, fromSchemaId: s._id, index },
                    { onError: (err) => toast.error(errorText(t, err)) },
                  );
                  toast.success(t('custom-fields.cloned-field-successfully'));
                  onDone();
                }}
              >
                <span className="flex-1">{item.title}</span>
                <Badge variant="secondary">{t(`custom-fields.type.${item.type}`)}</Badge>
              </button>
            ))}
          </section>
        ))}
        {sources.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('custom-fields.nothing-to-clone')}</p>
        )}
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          {t('general.close')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
