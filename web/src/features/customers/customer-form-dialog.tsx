import './strings.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Customers, type Entity, newId } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { AddressSearch } from '../../components/location/address-search';
import { CoordinatesField } from '../../components/location/location-field';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { editOf } from '../../lib/commands/edit-of';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useMe } from '../../lib/me';
import { toast } from '../../lib/toast';
import { useResetOnOpen } from '../../lib/use-reset-on-open';

type FormIn = z.input<typeof Customers.CustomerFields>;
type FormOut = z.output<typeof Customers.CustomerFields>;

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_id'] as const;

const EMPTY: FormIn = {
  name: '',
  address: { addressDescription: '', isVerified: false },
  email: '',
  telephoneNumber: '',
  mobileNumber: '',
  contactMethods: [],
  marketingAccepted: false,
  notes: '',
  tags: [],
  source: '',
  state: 'active',
  hideDirectDebitSignup: false,
  hideCardProvider: false,
  utmParams: {},
};

function valuesOf(customer: Customers.Customer | undefined): FormIn {
  if (!customer) return EMPTY;
  const { _id, createdDate, createdOnPortal, _externalId, _version, _updatedAt, _deleted, ...fields } =
    customer as Entity<Customers.Customer>;
  return { ...EMPTY, ...fields, utmParams: { ...customer.utmParams } };
}

/** UTM values left blank are not stored; no values at all stores none (spec 001, UTM parameters). */
function cleanUtm(utm: FormOut['utmParams']): FormOut['utmParams'] {
  const kept = Object.fromEntries(Object.entries(utm ?? {}).filter(([, v]) => v?.trim()));
  return Object.keys(kept).length ? kept : undefined;
}

/**
 * New or edit customer: the core schema validates (react-hook-form's zod resolver), the command
 * runs optimistically, and a new customer opens on its detail page. An edit sends only the fields
 * the user changed, so it does not overwrite what someone else changed meanwhile.
 */
export function CustomerFormDialog({
  open,
  onOpenChange,
  customer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  customer?: Customers.Customer;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCommand(Customers.create);
  const update = useCommand(Customers.update);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(Customers.CustomerFields),
    defaultValues: valuesOf(customer),
  });
  const { register, handleSubmit, control, reset, formState, getValues, setValue } = form;
  // Contact methods follow their detail (an email entered ticks Email, a mobile SMS; clearing it
  // unticks) until the user ticks or unticks the box: a customer typed with an email and a mobile
  // had "no contact methods" before. Only an empty detail becoming filled ticks, so an edit of a
  // customer who chose not to be mailed does not tick it again.
  const chosenByUser = useRef(new Set<string>());
  const filled = useRef({ email: false, mobileNumber: false });
  const follow =
    (method: 'email' | 'sms', field: 'email' | 'mobileNumber') => (event: { target: { value: string } }) => {
      const now = !!event.target.value.trim();
      const was = filled.current[field];
      filled.current[field] = now;
      if (chosenByUser.current.has(method) || was === now) return;
      const others = (getValues('contactMethods') ?? []).filter((m) => m !== method);
      setValue('contactMethods', now ? [...others, method] : others, { shouldDirty: true });
    };
  const near = useMe().account.settings.businessAddress?.lngLat as [number, number] | undefined;
  // What the form showed on opening: the base the server settles a concurrent edit from.
  const seen = useRef(customer);
  useResetOnOpen(open, () => {
    seen.current = customer;
    chosenByUser.current.clear();
    filled.current = { email: !!customer?.email?.trim(), mobileNumber: !!customer?.mobileNumber?.trim() };
    reset(valuesOf(customer));
  });

  const [coordinatesValid, setCoordinatesValid] = useState(true);
  const onError = (e: unknown) => toast.error(errorText(t, e));
  const submit = handleSubmit((values) => {
    // The field shows what is wrong; saving now would keep the previous position.
    if (!coordinatesValid) return;
    const fields = { ...values, utmParams: cleanUtm(values.utmParams) };
    if (!customer) {
      const _id = newId();
      create.mutate({ ...fields, _id }, { onError });
      toast.success(t('customers.created', { name: fields.name }));
      onOpenChange(false);
      void navigate({ to: '/customers/{-$customerId}/{-$tab}', params: { customerId: _id } });
      return;
    }
    const dirty = formState.dirtyFields as Record<string, unknown>;
    const touched = Object.fromEntries(
      Object.entries(fields).filter(([key]) => dirty[key] !== undefined && dirty[key] !== false),
    );
    const { changes, base } = editOf(seen.current ?? customer, touched);
    if (Object.keys(changes).length) update.mutate({ _id: customer._id, changes, base }, { onError });
    toast.success(t('customers.saved'));
    onOpenChange(false);
  });

  const err = (e: { message?: string } | undefined) => (e?.message ? t(e.message) : undefined);
  const errors = formState.errors as FieldErrors<FormIn>;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{customer ? t('customers.edit') : t('customers.new')}</DialogTitle>
          <DialogDescription>{t('customers.form-description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <Field label={t('customers.name')} error={err(errors.name)}>
            <input className={inputClass} autoComplete="off" {...register('name')} />
          </Field>

          <fieldset className="flex flex-col gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t('customers.address-location')}</legend>
            <AddressSearch
              near={near}
              onPick={(place) => {
                // The whole address (its coordinates field follows it), then the text box's own
                // field, which a parent's value does not refresh.
                const dirty = { shouldDirty: true };
                const address = { addressDescription: place.address, lngLat: place.lngLat, isVerified: true };
                setValue('address', address, dirty);
                setValue('address.addressDescription', place.address, dirty);
              }}
            />
            <Field label={t('customers.address-description')} hint={t('customers.address-hint')}>
              <textarea
                rows={4}
                className={`${inputClass} h-auto py-2`}
                {...register('address.addressDescription')}
              />
            </Field>
            <Controller
              control={control}
              name="address"
              render={({ field }) => (
                <CoordinatesField
                  onValidity={setCoordinatesValid}
                  value={field.value?.lngLat as [number, number] | undefined}
                  onChange={(lngLat) =>
                    field.onChange({
                      addressDescription: field.value?.addressDescription ?? '',
                      ...field.value,
                      lngLat,
                      isVerified: lngLat !== undefined,
                    })
                  }
                />
              )}
            />
          </fieldset>

          <div className="grid gap-4 desktop:grid-cols-2">
            <Field label={t('customers.email')} error={err(errors.email)}>
              <input
                type="email"
                className={inputClass}
                autoComplete="off"
                {...register('email', { onChange: follow('email', 'email') })}
              />
            </Field>
            <Field label={t('customers.mobile')}>
              <input
                type="tel"
                className={inputClass}
                {...register('mobileNumber', { onChange: follow('sms', 'mobileNumber') })}
              />
            </Field>
            <Field label={t('customers.telephone')}>
              <input type="tel" className={inputClass} {...register('telephoneNumber')} />
            </Field>
            <Field label={t('customers.state')}>
              <select className={inputClass} {...register('state')}>
                <option value="active">{t('customers.state-active')}</option>
                <option value="inactive">{t('customers.state-inactive')}</option>
              </select>
            </Field>
          </div>

          <fieldset className="flex flex-col gap-2 text-sm">
            <legend className="mb-1 font-medium">{t('customers.contact-methods')}</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {Customers.ContactMethod.options.map((m) => (
                <label key={m} className="inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    value={m}
                    className="size-4"
                    {...register('contactMethods', { onChange: () => chosenByUser.current.add(m) })}
                  />
                  {t(`customers.contact-method.${m}`)}
                </label>
              ))}
            </div>
            <label className="mt-1 inline-flex items-center gap-2">
              <input type="checkbox" className="size-4" {...register('marketingAccepted')} />
              {t('customers.marketing-accepted')}
            </label>
          </fieldset>

          <div className="grid gap-4 desktop:grid-cols-2">
            <Field label={t('customers.source')} hint={t('customers.source-hint')}>
              <input className={inputClass} {...register('source')} />
            </Field>
            <Controller
              control={control}
              name="tags"
              render={({ field }) => <TagsInput value={field.value ?? []} onChange={field.onChange} />}
            />
          </div>

          <Field label={t('customers.notes')}>
            <textarea rows={3} className={`${inputClass} h-auto py-2`} {...register('notes')} />
          </Field>

          <Field label={t('customers.access-details')} hint={t('customers.access-details-hint')}>
            <textarea rows={2} className={`${inputClass} h-auto py-2`} {...register('accessDetails')} />
          </Field>

          <details className="rounded-md border p-3 text-sm">
            <summary className="cursor-pointer font-medium">{t('customers.more')}</summary>
            <div className="mt-3 flex flex-col gap-3">
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" className="size-4" {...register('hideDirectDebitSignup')} />
                {t('customers.hide-direct-debit-signup')}
              </label>
              <label className="inline-flex items-center gap-2">
                <input type="checkbox" className="size-4" {...register('hideCardProvider')} />
                {t('customers.hide-card-provider')}
              </label>
              <p className="text-xs text-muted-foreground">{t('customers.utm-hint')}</p>
              <div className="grid gap-3 desktop:grid-cols-2">
                {UTM_KEYS.map((key) => (
                  <Field key={key} label={key}>
                    <input className={inputClass} {...register(`utmParams.${key}`)} />
                  </Field>
                ))}
              </div>
            </div>
          </details>

          <DialogFooter>
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass}>
              {customer ? t('general.save') : t('customers.create')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Tags typed as a comma-separated list; the text is kept as typed until it loses focus. */
function TagsInput({ value, onChange }: { value: string[]; onChange: (tags: string[]) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value.join(', '));
  useEffect(() => setText(value.join(', ')), [value]);
  return (
    <Field label={t('customers.tags')} hint={t('customers.tags-hint')}>
      <input
        className={inputClass}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() =>
          onChange([
            ...new Set(
              text
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            ),
          ])
        }
      />
    </Field>
  );
}
