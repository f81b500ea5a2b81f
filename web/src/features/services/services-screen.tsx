import './strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Entity, newId, Services } from '@roundwise/core';
import { Plus, Wrench } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { ListBar } from '../../components/menu-bars/list-bar';
import { SearchBar } from '../../components/menu-bars/search-bar';
import { Screen } from '../../components/screen';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMoney } from '../../lib/format';
import { useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useResetOnOpen } from '../../lib/use-reset-on-open';

type FormIn = z.input<typeof Services.ServiceFields>;
type FormOut = z.output<typeof Services.ServiceFields>;
type Service = Services.Service;

/** `services` (Owner, Admin): what the business sells; a job's services fill its price and duration. */
export function ServicesScreen() {
  const { t } = useTranslation();
  const services = useEntityList<Service>('service');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState('name');
  const [editing, setEditing] = useState<Service | 'new' | undefined>();
  const money = useMoney();
  const shown = useMemo(() => {
    const q = search.toLowerCase();
    return services
      .filter((s) => !q || s.name.toLowerCase().includes(q) || s.description.toLowerCase().includes(q))
      .sort((a, b) => (sort === 'price' ? b.defaultPrice - a.defaultPrice : a.name.localeCompare(b.name)));
  }, [services, search, sort]);
  return (
    <Screen
      title={t('services.title')}
      actions={
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t('services.new')}</span>
        </button>
      }
      bars={
        <>
          <SearchBar value={search} onSearch={setSearch} placeholder={t('services.search')} />
          <ListBar
            summary={t('services.count', { count: shown.length })}
            sort={sort}
            onSort={setSort}
            sortOptions={[
              { value: 'name', label: t('services.sort-name') },
              { value: 'price', label: t('services.sort-price') },
            ]}
          />
        </>
      }
    >
      {services.length === 0 ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
          <Wrench className="size-8" aria-hidden />
          <p>{t('services.empty')}</p>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="service-list">
          {shown.map((s) => (
            <li key={s._id}>
              <button
                type="button"
                className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-accent"
                onClick={() => setEditing(s)}
              >
                <div className="min-w-0 flex-1">
                  <div className="truncate font-medium">{s.name}</div>
                  {s.description && (
                    <div className="truncate text-sm text-muted-foreground">{s.description}</div>
                  )}
                </div>
                <div className="text-right">
                  <div className="font-medium">{money(s.defaultPrice)}</div>
                  <div className="text-xs text-muted-foreground">
                    {t('services.minutes', { count: s.defaultDuration })}
                  </div>
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ServiceFormDialog
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
        service={editing === 'new' ? undefined : editing}
      />
    </Screen>
  );
}

const EMPTY: FormIn = { name: '', description: '', defaultPrice: 0, defaultDuration: 30 };
const toNumber = (v: unknown) => (v === '' || v === undefined ? Number.NaN : Number(v));

function valuesOf(service: Service | undefined): FormIn {
  if (!service) return EMPTY;
  const { _id, _version, _updatedAt, _deleted, ...fields } = service as Entity<Service>;
  return fields;
}

function ServiceFormDialog({
  open,
  onOpenChange,
  service,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  service?: Service;
}) {
  const { t } = useTranslation();
  const create = useCommand(Services.create);
  const update = useCommand(Services.update);
  const { register, handleSubmit, reset, formState } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(Services.ServiceFields),
    defaultValues: valuesOf(service),
  });
  useResetOnOpen(open, () => reset(valuesOf(service)));
  const onError = (e: unknown) => toast.error(errorText(t, e));
  const submit = handleSubmit((values) => {
    if (service) update.mutate({ _id: service._id, changes: values }, { onError });
    else create.mutate({ ...values, _id: newId() }, { onError });
    toast.success(t('services.saved', { name: values.name }));
    onOpenChange(false);
  });
  const errors = formState.errors as FieldErrors<FormIn>;
  const err = (e: { message?: string } | undefined) =>
    e?.message ? t(e.message, { defaultValue: t('general.validation-failed') }) : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{service ? t('services.edit') : t('services.new')}</DialogTitle>
          <DialogDescription>{t('services.form-description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field label={t('services.name')} error={err(errors.name)}>
            <input className={inputClass} autoComplete="off" {...register('name')} />
          </Field>
          <Field label={t('services.description')}>
            <textarea rows={3} className={`${inputClass} h-auto py-2`} {...register('description')} />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field label={t('services.default-price')} error={err(errors.defaultPrice)}>
              <input
                type="number"
                step="0.01"
                inputMode="decimal"
                className={inputClass}
                {...register('defaultPrice', { setValueAs: toNumber })}
              />
            </Field>
            <Field label={t('services.default-duration')} error={err(errors.defaultDuration)}>
              <input
                type="number"
                min={1}
                max={1440}
                className={inputClass}
                {...register('defaultDuration', { setValueAs: toNumber })}
              />
            </Field>
          </div>
          <DialogFooter>
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass}>
              {service ? t('general.save') : t('services.create')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
