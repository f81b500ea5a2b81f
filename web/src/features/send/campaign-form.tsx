import './strings.ts';
import { type Actor, newId, Send, type Templates } from '@roundwise/core';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { sendTabs } from '../../lib/send-tabs';
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useEnableBulkSms } from './api/enable-bulk-sms';

/** `/send/campaigns/create` and `/send/campaigns/{id}/edit` (spec 002 sections 2.7 and 6). */
export function CampaignFormScreen({ actor, campaignId }: { actor: Actor; campaignId?: string }) {
  const { t } = useTranslation();
  const existing = useEntity<Send.Campaign>('campaign', campaignId);
  if (campaignId && !existing) {
    return (
      <Screen title={t('send.campaigns-title')} tabs={sendTabs(t)}>
        <p>{t('campaigns.campaign-not-found')}</p>
      </Screen>
    );
  }
  if (existing?.status === 'Published') {
    return (
      <Screen title={existing.name} tabs={sendTabs(t)}>
        <p>{t('campaigns.edit-published')}</p>
      </Screen>
    );
  }
  return <CampaignForm key={existing?._id ?? 'new'} actor={actor} campaign={existing} />;
}

type Errors = Partial<Record<'name' | 'description' | 'audiences' | 'methods', string>>;

function CampaignForm({ actor, campaign }: { actor: Actor; campaign?: Send.Campaign }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const audiences = useEntityList<Send.Audience>('audience');
  const templates = useEntityList<Templates.Template>('template');
  const create = useCommand(Send.createCampaign);
  const update = useCommand(Send.updateCampaign);
  const [name, setName] = useState(campaign?.name ?? '');
  const [description, setDescription] = useState(campaign?.description ?? '');
  const [chosen, setChosen] = useState<string[]>(campaign?.audiences ?? []);
  const [methods, setMethods] = useState<Send.DeliveryMethod[]>(campaign?.deliveryMethods ?? ['Email']);
  const [templateId, setTemplateId] = useState(campaign?.templateId ?? '');
  const [ongoing, setOngoing] = useState(campaign?.ongoing ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const enable = useEnableBulkSms();
  const smsOn = !!actor.settings.bulkSms;
  const canEnable = actor.roles.includes('Owner') || actor.roles.includes('Admin');
  const toggle = <T,>(list: T[], item: T, on: boolean) =>
    on ? [...list, item] : list.filter((x) => x !== item);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The command's rules with its keys, checked here first so the form says so at once.
    const found: Errors = {};
    if (!name.trim()) found.name = t('campaigns-form.name-required');
    if (!description.trim()) found.description = t('campaigns-form.description-required');
    if (chosen.length === 0) found.audiences = t('campaigns-form.audienceIds-min');
    if (methods.length === 0) found.methods = t('campaigns-form.select-delivery-method-helper');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const fields = {
      name: name.trim(),
      description: description.trim(),
      audiences: chosen,
      deliveryMethods: methods,
      ongoing,
      ...(templateId ? { templateId } : {}),
    };
    const onError = (error: unknown) =>
      toast.error(
        `${t(campaign ? 'send.error-updating-campaign' : 'send.error-creating-campaign')} ${errorText(t, error)}`,
      );
    const id = campaign?._id ?? newId();
    if (campaign) update.mutate({ _id: id, ...fields }, { onError });
    else create.mutate({ _id: id, ...fields }, { onError });
    void navigate({ to: '/send/campaigns/$campaignId', params: { campaignId: id } });
  };

  return (
    <Screen title={campaign ? campaign.name : t('send.campaign-create')} tabs={sendTabs(t)}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Card className="flex flex-col gap-3">
          <Field label={t('send.name')} error={errors.name}>
            <input
              className={inputClass}
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <Field label={t('send.description')} error={errors.description}>
            <input
              className={inputClass}
              value={description}
              maxLength={2000}
              onChange={(e) => setDescription(e.target.value)}
            />
          </Field>
          <Field label={t('send.template')}>
            <select className={inputClass} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
              <option value="">{t('send.no-template')}</option>
              {templates.map((x) => (
                <option key={x._id} value={x._id}>
                  {x.name}
                </option>
              ))}
            </select>
          </Field>
        </Card>
        <Card className="flex flex-col gap-2">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">{t('send.audiences-title')}</legend>
            {audiences.map((a) => (
              <CheckRow
                key={a._id}
                id={`audience-${a._id}`}
                label={a.name}
                checked={chosen.includes(a._id)}
                onChange={(on) => setChosen(toggle(chosen, a._id, on))}
              />
            ))}
            {audiences.length === 0 && (
              <p className="text-sm text-muted-foreground">{t('send.audiences-empty')}</p>
            )}
            {errors.audiences && (
              <p role="alert" className="text-xs text-destructive">
                {errors.audiences}
              </p>
            )}
          </fieldset>
        </Card>
        <Card className="flex flex-col gap-2">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-medium">{t('send.delivery-methods')}</legend>
            <CheckRow
              id="method-email"
              label={t('send.method-Email')}
              checked={methods.includes('Email')}
              onChange={(on) => setMethods(toggle(methods, 'Email', on))}
            />
            <CheckRow
              id="method-sms"
              label={t('send.method-Sms')}
              checked={methods.includes('Sms')}
              disabled={!smsOn}
              onChange={(on) => setMethods(toggle(methods, 'Sms', on))}
            />
            {!smsOn && (
              <p className="text-sm text-muted-foreground">
                {t('campaigns.bulk-sms-not-enabled')}{' '}
                {canEnable && (
                  <button
                    type="button"
                    className="text-primary underline"
                    disabled={enable.isPending}
                    onClick={() =>
                      enable.mutate(undefined, { onError: (error) => toast.error(errorText(t, error)) })
                    }
                  >
                    {t('send.enable-bulk-sms')}
                  </button>
                )}
              </p>
            )}
            {errors.methods && (
              <p role="alert" className="text-xs text-destructive">
                {errors.methods}
              </p>
            )}
          </fieldset>
          <CheckRow id="ongoing" label={t('send.ongoing-option')} checked={ongoing} onChange={setOngoing} />
        </Card>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => void navigate({ to: '/send/campaigns' })}>
            {t('general.cancel')}
          </Button>
          <Button type="submit">{t('general.save')}</Button>
        </div>
      </form>
    </Screen>
  );
}

function CheckRow({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2 text-sm">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(on) => onChange(on === true)}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
