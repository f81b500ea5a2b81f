import './strings.ts';
import { type Customers, Send, type Templates } from '@roundwise/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Download, Pencil, Send as SendIcon, Square, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
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
import { Badge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { sendTabs } from '../../lib/send-tabs';
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { deliveryQuery, sendLogCsvUrl } from './api/get-delivery';
import { newMembersQuery } from './api/get-new-members';
import { AudiencePreview } from './audience-preview';
import { Paged } from './paged';
import { PublishDialog } from './publish-flow';
import { RecipientPreview } from './recipient-preview';
import { SkippedList } from './skipped-list';
import { useAudienceExtras } from './use-audience-extras';

/** Spec 002 section 9: the campaign's contacts page by 10 (the editor's reading), its exclude list by 5. */
const EXCLUDED_PAGE = 5;

/**
 * `/send/campaigns/{id}` (spec 002 section 2.7): delivery statistics, the contacts and the exclude
 * list, the send log, and the actions Publish, Finish ongoing, Edit and Remove.
 */
export function CampaignDetail({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const campaign = useEntity<Send.Campaign>('campaign', campaignId);
  if (!campaign) {
    return (
      <Screen title={t('send.campaigns-title')} tabs={sendTabs(t)}>
        <p>{t('campaigns.campaign-not-found')}</p>
      </Screen>
    );
  }
  return <Detail campaign={campaign} />;
}

function Detail({ campaign }: { campaign: Send.Campaign }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const customers = useEntityList<Customers.Customer>('customer');
  const audiences = useEntityList<Send.Audience>('audience');
  const extras = useAudienceExtras();
  const template = useEntity<Templates.Template>('template', campaign.templateId);
  const finish = useCommand(Send.finish);
  const remove = useCommand(Send.deleteCampaign);
  const published = campaign.status === 'Published';
  const delivery = useQuery({ ...deliveryQuery(campaign._id), enabled: published });
  const fresh = useQuery(newMembersQuery(campaign._id, published && campaign.ongoing));
  const [publishing, setPublishing] = useState<'all' | 'new'>();
  const [removing, setRemoving] = useState(false);
  const byId = useMemo(() => new Map(customers.map((c) => [c._id, c])), [customers]);
  const contacts = useMemo(
    () =>
      Send.campaignContacts(
        campaign,
        audiences.filter((a) => campaign.audiences.includes(a._id)),
        customers,
        extras,
      ),
    [campaign, audiences, customers, extras],
  );
  const excluded = campaign.excludeList.map((id) => byId.get(id)).filter((c) => !!c);
  const excludeCommand = useCommand(Send.exclude);
  const includeCommand = useCommand(Send.include);
  // A synced save (the spec's add-to / remove-from-exclude-list calls run the same commands):
  // shown at once, and kept offline. Spec 002 section 8: exclude-list failures are logged only.
  const exclude = (ids: string[], add: boolean) =>
    (add ? excludeCommand : includeCommand).mutate(
      { _id: campaign._id, customerIds: ids },
      { onError: (error) => console.warn('exclude list', error) },
    );

  const report = delivery.data?.report;
  const methods = campaign.deliveryMethods;
  return (
    <Screen title={campaign.name} tabs={sendTabs(t)}>
      <div className="flex flex-col gap-4">
        {/* Under the bar, not in it: four actions do not fit a phone's main bar. */}
        <div className="flex flex-wrap gap-2" data-testid="campaign-actions">
          <Button size="sm" className="h-9" disabled={published} onClick={() => setPublishing('all')}>
            <SendIcon aria-hidden />
            {t('send.publish')}
          </Button>
          {campaign.ongoing && (
            <Button
              size="sm"
              variant="outline"
              className="h-9"
              onClick={() =>
                finish.mutate({ _id: campaign._id }, { onError: (error) => toast.error(errorText(t, error)) })
              }
            >
              <Square aria-hidden />
              {t('send.finish-ongoing')}
            </Button>
          )}
          {published ? (
            <Button size="sm" variant="outline" className="h-9" disabled>
              <Pencil aria-hidden />
              {t('general.edit')}
            </Button>
          ) : (
            <Link
              to="/send/campaigns/$campaignId/edit"
              params={{ campaignId: campaign._id }}
              className={buttonVariants({ size: 'sm', variant: 'outline', className: 'h-9' })}
            >
              <Pencil aria-hidden />
              {t('general.edit')}
            </Link>
          )}
          <Button size="sm" variant="outline" className="h-9" onClick={() => setRemoving(true)}>
            <Trash2 aria-hidden />
            {t('send.remove')}
          </Button>
        </div>
        <Card className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={published ? 'default' : 'secondary'}>{t(`send.status-${campaign.status}`)}</Badge>
            {campaign.ongoing && <Badge variant="outline">{t('send.ongoing')}</Badge>}
            {methods.map((m) => (
              <Badge key={m} variant="outline">
                {t(`send.method-${m}`)}
              </Badge>
            ))}
          </div>
          <p className="text-sm">{campaign.description}</p>
          <p className="text-sm text-muted-foreground">
            {t('send.template')}: {template?.name ?? t('send.no-template')}
            {campaign.publishedDate &&
              ` · ${t('send.published-on', { date: campaign.publishedDate.slice(0, 10) })}`}
          </p>
        </Card>

        {published && campaign.ongoing && (
          <Card className="flex items-center gap-3">
            <p className="flex-1 text-sm" data-testid="new-members">
              {t('send.new-members', { count: fresh.data?.length ?? 0 })}
            </p>
            <Button size="sm" disabled={!fresh.data?.length} onClick={() => setPublishing('new')}>
              {t('send.publish-new-members')}
            </Button>
          </Card>
        )}

        {published && (
          <Card className="flex flex-col gap-3" aria-label={t('send.statistics')}>
            <h2 className="font-medium">{t('send.statistics')}</h2>
            {methods.includes('Email') && (
              <Counters
                label={t('send.method-Email')}
                testId="email-stats"
                counters={report?.email}
                keys={['sent', 'delivered', 'open', 'click', 'failed', 'bounce', 'dropped', 'spamreport']}
              />
            )}
            {methods.includes('Sms') && (
              <Counters
                label={t('send.method-Sms')}
                testId="sms-stats"
                counters={report?.sms}
                keys={['sent', 'delivered', 'click', 'failed']}
              />
            )}
          </Card>
        )}

        {published && delivery.data && (
          <Card>
            <SkippedList skipped={delivery.data.skipped} />
          </Card>
        )}

        {!published && template && (
          <Card>
            <RecipientPreview template={template} contacts={contacts} methods={methods} />
          </Card>
        )}

        <Card>
          <AudiencePreview
            contacts={contacts}
            title={t('send.contacts')}
            action={(c) => (
              <Button variant="ghost" size="sm" onClick={() => exclude([c._id], true)}>
                {t('send.exclude')}
              </Button>
            )}
          />
        </Card>

        <Card className="flex flex-col gap-2" aria-label={t('send.exclude-list')}>
          <h2 className="font-medium">{t('send.exclude-list')}</h2>
          <Paged items={excluded} size={EXCLUDED_PAGE} empty={t('send.exclude-list-empty')}>
            {(c) => (
              <div className="flex items-center gap-2">
                <span className="flex-1">{c.name}</span>
                <Button variant="ghost" size="sm" onClick={() => exclude([c._id], false)}>
                  {t('send.include')}
                </Button>
              </div>
            )}
          </Paged>
        </Card>

        {published && (
          <Card className="flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <h2 className="flex-1 font-medium">{t('send.send-log')}</h2>
              <a
                href={sendLogCsvUrl(campaign._id)}
                className={buttonVariants({ size: 'sm', variant: 'outline' })}
                download
              >
                <Download aria-hidden />
                {t('send.export-csv')}
              </a>
            </div>
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="send-log">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th className="py-1 pr-2 font-medium">{t('send.log-customer')}</th>
                    <th className="py-1 pr-2 font-medium">{t('send.log-method')}</th>
                    <th className="py-1 pr-2 font-medium">{t('send.log-address')}</th>
                    <th className="py-1 pr-2 font-medium">{t('send.log-sent')}</th>
                    <th className="py-1 font-medium">{t('send.log-status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(delivery.data?.log ?? []).map((r) => (
                    <tr key={r.notificationId} className="border-t">
                      <td className="py-1 pr-2">{r.addressee}</td>
                      <td className="py-1 pr-2">{r.method}</td>
                      <td className="py-1 pr-2">{r.address}</td>
                      <td className="py-1 pr-2">
                        {(r.sentAt || r.createdDate).slice(0, 16).replace('T', ' ')}
                      </td>
                      <td className="py-1">{t(`send.delivery-${r.status}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
        )}
      </div>

      {publishing && (
        <PublishDialog
          campaign={campaign}
          open
          onClose={() => setPublishing(undefined)}
          {...(publishing === 'new' ? { newMembers: fresh.data ?? [] } : {})}
        />
      )}
      <AlertDialog open={removing} onOpenChange={setRemoving}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('campaigns.remove-confirm')}</AlertDialogTitle>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('general.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => {
                remove.mutate(
                  { _id: campaign._id },
                  { onError: () => toast.error(t('campaigns.remove-failed')) },
                );
                void navigate({ to: '/send/campaigns' });
              }}
            >
              {t('send.remove')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Screen>
  );
}

function Counters<K extends string>({
  label,
  testId,
  counters,
  keys,
}: {
  label: string;
  testId: string;
  counters: Record<K, number> | undefined;
  keys: K[];
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-medium">{label}</h3>
      <dl className="grid grid-cols-4 gap-2 sm:grid-cols-8" data-testid={testId}>
        {keys.map((k) => (
          <div key={k} className="rounded-md border p-2 text-center">
            <dt className="text-xs text-muted-foreground">{t(`send.counter-${k}`)}</dt>
            <dd className="text-lg font-semibold" data-counter={k}>
              {counters?.[k] ?? 0}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
