import './strings.ts';
import { type Customers, findTokens, isAppError, newId, Send, type Templates } from '@roundwise/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenPrompt } from '../../components/token-prompt';
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
import { Button } from '../../components/ui/button';
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
import { useEntity, useEntityList } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { buyCredits, creditsToOffer } from './api/buy-credits';
import { useAudienceExtras } from './use-audience-extras';

/** Who the user chose to send to after the consent warning. */
interface Consent {
  includeNonMarketing: boolean;
  marketingOnly: boolean;
}
const EVERYONE_AGREED: Consent = { includeNonMarketing: false, marketingOnly: false };

type Step =
  | { kind: 'schedule' }
  | { kind: 'prompts'; prompts: string[]; at?: number }
  | { kind: 'consent'; count: number; at?: number }
  | {
      kind: 'credits';
      needed: number;
      available: number;
      at?: number;
      consent: Consent;
      /** The purchase's idempotency key: one per offer, so a retried request is the same purchase. */
      purchaseId: string;
    };

/**
 * Publishing a campaign (spec 002 sections 4 to 9): when to send (now or a quick-schedule
 * moment), a value for each of the template's `[field=?]` prompts (the server refuses a publish
 * that leaves one), the marketing-consent warning (send to everyone, only to those who agreed,
 * or cancel: `notifications.cant-send-campaign-to-non-marketing`), and on short credits the
 * dialog that offers to buy them (declined or not completed: the publish is cancelled).
 */
export function PublishDialog({
  campaign,
  newMembers,
  open,
  onClose,
}: {
  campaign: Send.Campaign;
  /** An ongoing campaign's later publish: only these customers. */
  newMembers?: string[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const publish = useCommand(Send.publish);
  const customers = useEntityList<Customers.Customer>('customer');
  const audiences = useEntityList<Send.Audience>('audience');
  const template = useEntity<Templates.Template>('template', campaign.templateId);
  const extras = useAudienceExtras();
  const [step, setStep] = useState<Step>({ kind: 'schedule' });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const withEmail = campaign.deliveryMethods.includes('Email');
  const options = Send.quickOptions(new Date(), withEmail);

  const close = () => {
    setStep({ kind: 'schedule' });
    setAnswers({});
    onClose();
  };
  const send = async (at: number | undefined, consent: Consent, given = answers) => {
    setBusy(true);
    try {
      await publish.mutateAsync({
        _id: campaign._id,
        ...consent,
        answers: given,
        ...(newMembers ? { customerIds: newMembers } : {}),
        ...(at ? { sendAtSecondsTimestamp: at } : {}),
      });
      toast.success(t(at ? 'send.campaign-scheduled' : 'send.campaign-published'));
      void client.invalidateQueries({ queryKey: ['send'] });
      close();
    } catch (error) {
      if (isAppError(error) && error.code === 'campaigns.error-not-enough-credits') {
        const { needed, available } = error.params as { needed: number; available: number };
        setStep({ kind: 'credits', needed, available, at, consent, purchaseId: newId() });
      } else {
        toast.error(errorText(t, error));
        close();
      }
    } finally {
      setBusy(false);
    }
  };
  // The prompts first, then the consent warning (spec 002 section 6): the audiences' own filters
  // may ask for consent.
  const start = (at?: number, given = answers) => {
    const texts = template
      ? [template.subject, Send.smsTextOf(template), template.html ?? ''].join('\n')
      : '';
    const prompts = findTokens(texts).filter((p) => !given[p]);
    if (prompts.length > 0) return setStep({ kind: 'prompts', prompts, ...(at ? { at } : {}) });
    const audienceList = audiences.filter((a) => campaign.audiences.includes(a._id));
    let reached = Send.campaignContacts(campaign, audienceList, customers, extras);
    if (newMembers) reached = reached.filter((c) => newMembers.includes(c._id));
    const optedIn = audienceList.length > 0 && audienceList.every((a) => Send.filtersOptIn(a.filterGroups));
    const count = reached.filter((c) => !c.marketingAccepted).length;
    if (!optedIn && count > 0) setStep({ kind: 'consent', count, ...(at ? { at } : {}) });
    else void send(at, EVERYONE_AGREED, given);
  };
  const buy = async (s: Extract<Step, { kind: 'credits' }>) => {
    setBusy(true);
    try {
      const answer = await buyCredits(creditsToOffer(s.needed, s.available), s.purchaseId);
      if (!answer.success) throw new Error(answer.error ?? 'credits.error-check-card');
      void client.invalidateQueries({ queryKey: ['credits'] });
    } catch (error) {
      toast.error(`${t('send.publish-cancelled')} ${errorText(t, error)}`);
      setBusy(false);
      return close();
    }
    await send(s.at, s.consent);
  };

  if (step.kind === 'prompts') {
    return (
      <TokenPrompt
        tokens={open ? step.prompts : []}
        onCancel={close}
        onDone={(values) => {
          const given = { ...answers, ...values };
          setAnswers(given);
          setStep({ kind: 'schedule' });
          start(step.at, given);
        }}
      />
    );
  }
  if (step.kind === 'consent') {
    return (
      <AlertDialog open={open} onOpenChange={(o) => !o && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('send.consent-title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('campaigns.non-marketing-warning')} {t('send.non-marketing-count', { count: step.count })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel
              onClick={() => {
                toast.error(t('notifications.cant-send-campaign-to-non-marketing'));
                close();
              }}
            >
              {t('general.cancel')}
            </AlertDialogCancel>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => void send(step.at, { includeNonMarketing: false, marketingOnly: true })}
            >
              {t('send.only-agreed')}
            </Button>
            <AlertDialogAction
              disabled={busy}
              onClick={(e) => {
                e.preventDefault(); // kept open: a short balance shows the credits step next
                void send(step.at, { includeNonMarketing: true, marketingOnly: false });
              }}
            >
              {t('send.send-to-everyone')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }
  if (step.kind === 'credits') {
    const amount = creditsToOffer(step.needed, step.available);
    return (
      <AlertDialog open={open} onOpenChange={(o) => !o && close()}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('send.credits-title')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('campaigns.error-not-enough-credits')}{' '}
              {t('send.credits-needed', { needed: step.needed, available: step.available, amount })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel
              onClick={() => {
                toast.error(t('send.publish-cancelled'));
                close();
              }}
            >
              {t('general.cancel')}
            </AlertDialogCancel>
            <AlertDialogAction
              disabled={busy}
              onClick={(e) => {
                e.preventDefault(); // kept open until the purchase and the publish are answered
                void buy(step);
              }}
            >
              {t('send.buy-credits', { amount })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  }
  const days = [...new Set(options.map((o) => o.days))];
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t(newMembers ? 'send.publish-new-members' : 'send.publish')}</DialogTitle>
          <DialogDescription>{t('send.publish-when')}</DialogDescription>
        </DialogHeader>
        <fieldset className="flex flex-col gap-2" aria-label={t('send.quick-schedule')}>
          {days.map((d) => (
            <div key={d} className="flex flex-wrap items-center gap-1">
              <span className="w-24 text-sm text-muted-foreground">{t('send.in-days', { count: d })}</span>
              {options
                .filter((o) => o.days === d)
                .map((o) => (
                  <Button
                    key={`${o.days}-${o.hour}`}
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={!!o.disabled || busy}
                    title={o.disabled ? t(o.disabled) : undefined}
                    onClick={() => start(Math.floor(o.at.getTime() / 1000))}
                  >
                    {`${String(o.hour).padStart(2, '0')}:${String(o.minute).padStart(2, '0')}`}
                  </Button>
                ))}
            </div>
          ))}
          {withEmail && (
            <p className="text-xs text-muted-foreground">{t('campaigns.email-schedule-limit')}</p>
          )}
        </fieldset>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t('general.cancel')}
          </Button>
          <Button type="button" disabled={busy} onClick={() => start()}>
            {t('send.send-now')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
