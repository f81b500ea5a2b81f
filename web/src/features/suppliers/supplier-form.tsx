import './strings.ts';
import { newId, Suppliers } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';

type Contact = Suppliers.SupplierContact;

/** `suppliers/add` and `suppliers/{id}/edit`: name (required, unique), notes, contacts. */
export function SupplierForm({ id }: { id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const suppliers = useEntityList<Suppliers.Supplier>('supplier');
  const current = useEntity<Suppliers.Supplier>('supplier', id ?? '');
  const create = useCommand(Suppliers.create);
  const update = useCommand(Suppliers.update);
  const [name, setName] = useState(current?.name ?? '');
  const [notes, setNotes] = useState(current?.notes ?? '');
  const [contacts, setContacts] = useState<Contact[]>(current?.contacts ?? []);
  const [error, setError] = useProblem();
  if (id && !current) {
    return (
      <Screen title={t('supplier.edit')}>
        <p className="py-16 text-center text-muted-foreground">{t('supplier.not-found')}</p>
      </Screen>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The command's own rules, checked here first so the field can say so at once.
    if (!name.trim()) return setError('supplier-form.name-required');
    if (Suppliers.duplicateOf(suppliers, name, id)) return setError('supplier.duplicate');
    const fields = { name, notes, contacts: contacts.filter((c) => c.name.trim()) };
    if (id) {
      update.mutate(
        { _id: id, changes: fields },
        { onError: (x) => toast.error(t('supplier.update-failed'), { description: errorText(t, x) }) },
      );
      toast.success(t('supplier.updated'));
      void navigate({ to: '/suppliers/$id', params: { id } });
    } else {
      const _id = newId();
      create.mutate(
        { ...fields, _id },
        { onError: (x) => toast.error(t('supplier.create-failed'), { description: errorText(t, x) }) },
      );
      toast.success(t('supplier.created'));
      void navigate({ to: '/suppliers/$id', params: { id: _id } });
    }
  };
  const setContact = (i: number, change: Partial<Contact>) =>
    setContacts((list) => list.map((c, j) => (j === i ? { ...c, ...change } : c)));
  return (
    <Screen title={id ? t('supplier.edit') : t('supplier.add')}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Card className="flex flex-col gap-4">
          <Field label={t('supplier.name')} error={error}>
            <input
              className={inputClass}
              value={name}
              maxLength={100}
              autoComplete="organization"
              aria-invalid={!!error}
              onChange={(e) => {
                setName(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <Field label={t('supplier.notes')} hint={t('supplier.notes-hint')}>
            <textarea
              rows={3}
              maxLength={255}
              className={`${inputClass} h-auto py-2`}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
        </Card>
        <Card className="flex flex-col gap-3">
          <h2 className="font-medium">{t('supplier.contacts')}</h2>
          {contacts.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is stable while editing
            <fieldset key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
              <legend className="sr-only">{t('supplier.contact-n', { n: i + 1 })}</legend>
              <Field label={t('supplier.contact-name')}>
                <input
                  className={inputClass}
                  value={c.name}
                  onChange={(e) => setContact(i, { name: e.target.value })}
                />
              </Field>
              <Field label={t('supplier.contact-email')}>
                <input
                  type="email"
                  className={inputClass}
                  value={c.email}
                  onChange={(e) => setContact(i, { email: e.target.value })}
                />
              </Field>
              <Field label={t('supplier.contact-phone')}>
                <input
                  type="tel"
                  className={inputClass}
                  value={c.phone}
                  onChange={(e) => setContact(i, { phone: e.target.value })}
                />
              </Field>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('supplier.remove-contact', {
                  name: c.name || t('supplier.contact-n', { n: i + 1 }),
                })}
                onClick={() => setContacts((list) => list.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden />
              </Button>
            </fieldset>
          ))}
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() => setContacts((list) => [...list, { name: '', email: '', phone: '' }])}
          >
            <Plus className="size-4" aria-hidden />
            {t('supplier.add-contact')}
          </button>
        </Card>
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={() => window.history.back()}>
            {t('general.cancel')}
          </button>
          <button type="submit" className={buttonClass}>
            {t('general.save')}
          </button>
        </div>
      </form>
    </Screen>
  );
}
