import './strings.ts';
import { type Customers, Send } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterGroupsEditor } from '../../components/filter-groups-editor';
import { Card, Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { sendTabs } from '../../lib/send-tabs';
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { AudiencePreview } from './audience-preview';
import { useAudienceExtras } from './use-audience-extras';

/**
 * `/send/audiences/create`, `/send/audiences/{id}` and its `/edit` (spec 002 section 2.7): name,
 * description, the filter groups, and the preview of who they reach, recomputed as they change.
 */
export function AudienceEditor({ audienceId }: { audienceId?: string }) {
  const { t } = useTranslation();
  const existing = useEntity<Send.Audience>('audience', audienceId);
  if (audienceId && !existing) {
    return (
      <Screen title={t('send.audiences-title')} tabs={sendTabs(t)}>
        <p>{t('audiences.audience-not-found')}</p>
      </Screen>
    );
  }
  return <AudienceForm key={existing?._id ?? 'new'} audience={existing} />;
}

function AudienceForm({ audience }: { audience?: Send.Audience }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const customers = useEntityList<Customers.Customer>('customer');
  const extras = useAudienceExtras();
  const create = useCommand(Send.createAudience);
  const update = useCommand(Send.updateAudience);
  const remove = useCommand(Send.deleteAudience);
  const [name, setName] = useState(audience?.name ?? '');
  const [description, setDescription] = useState(audience?.description ?? '');
  const [groups, setGroups] = useState<Send.FilterGroups>(audience?.filterGroups ?? []);
  const [error, setError] = useProblem();
  const [removing, setRemoving] = useState(false);
  const contacts = useMemo(
    () => Send.audienceContacts(groups, customers, extras),
    [groups, customers, extras],
  );
  const done = () => void navigate({ to: '/send/audiences' });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('audiences-form.name-required');
    const fields = { name: name.trim(), description: description.trim(), filterGroups: groups };
    const failed = () => toast.error(t(audience ? 'audiences.save-error' : 'audiences.create-failed'));
    if (audience) update.mutate({ _id: audience._id, ...fields }, { onError: failed });
    else create.mutate(fields, { onError: failed });
    done();
  };
  return (
    <Screen title={audience ? audience.name : t('send.audience-create')} tabs={sendTabs(t)}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Card className="flex flex-col gap-3">
          <Field label={t('send.name')} error={error}>
            <input
              className={inputClass}
              value={name}
              maxLength={200}
              aria-invalid={!!error}
              onChange={(e) => {
                setName(e.target.value);
                setError(undefined);
              }}
            />
          </Field>
          <Field label={t('send.description')}>
            <input
              className={inputClass}
              value={description}
              maxLength={2000}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
        </Card>
        <Card className="flex flex-col gap-3">
          <h2 className="font-medium">{t('send.filters')}</h2>
          <FilterGroupsEditor groups={groups} fields={Send.AUDIENCE_FIELDS} onChange={setGroups} />
        </Card>
        <Card>
          <AudiencePreview contacts={contacts} />
        </Card>
        <div className="flex justify-between gap-2">
          {audience ? (
            <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
              <Trash2 aria-hidden />
              {t('general.delete')}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={done}>
              {t('general.cancel')}
            </Button>
            <Button type="submit">{t('general.save')}</Button>
          </div>
        </div>
      </form>
      <AlertDialog open={removing} onOpenChange={setRemoving}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('send.audience-remove-confirm', { name: audience?.name })}</AlertDialogTitle>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                if (audience)
                  remove.mutate(
                    { _id: audience._id },
                    { onError: () => toast.error(t('audiences.remove-failed')) },
                  );
                done();
              }}
            >
              {t('general.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}
