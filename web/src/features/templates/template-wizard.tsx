import './strings.ts';
import { type Actor, canNavigate, findTokens, newId, replaceTokens, Templates } from '@roundwise/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { Check, LayoutTemplate } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { TokenPrompt } from '../../components/token-prompt';
import { Button, buttonVariants } from '../../components/ui/button';
import { Switch } from '../../components/ui/switch';
import { Textarea } from '../../components/ui/textarea';
import { useCommand } from '../../lib/commands/use-command';
import { sendTabs } from '../../lib/send-tabs';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';

/** The editor and its library load only when the wizard's last step opens (its own chunk). */
const RichTextEditor = lazy(() => import('./rich-text/rich-text-editor'));

type Template = Templates.Template & { _id: string };
type Details = Pick<
  Templates.TemplateDetails,
  'name' | 'subject' | 'smsTemplate' | 'includeLink' | 'useSubjectAsSmsMessage'
>;
const STEPS = ['details', 'sms', 'template'] as const;
type Step = (typeof STEPS)[number];

/** The first issue's message of one field of the details, if the schema refuses it. */
function fieldError(details: Details, field: 'name' | 'subject'): string | undefined {
  const result = Templates.TemplateDetails.safeParse(details);
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === field)?.message;
}

/**
 * The template wizard (spec 002 sections 2.7 and 5): Details, SMS, Template; Back from step 2,
 * Next, and Finish on the last. Creating with the block-editor beta flag, the last step chooses a
 * starter and Finish opens the block editor; otherwise the last step is the rich-text editor.
 * Editing keeps the template's kind (a block template's body is changed in the block editor).
 */
export function TemplateWizard({ actor, template }: { actor: Actor; template?: Template }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCommand(Templates.create);
  const update = useCommand(Templates.update);
  const blockFlag = canNavigate(actor, 'block-editor').ok;
  const block = template ? Templates.isBlockTemplate(template) : blockFlag;
  const [step, setStep] = useState<Step>('details');
  const [shown, setShown] = useState<Set<string>>(new Set());
  const [details, setDetails] = useState<Details>({
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    smsTemplate: template?.smsTemplate ?? '',
    includeLink: template?.includeLink ?? true,
    useSubjectAsSmsMessage: template?.useSubjectAsSmsMessage ?? true,
  });
  const [doc, setDoc] = useState<Templates.RichNode>(template?.state ?? Templates.emptyDoc());
  const [starter, setStarter] = useState<Templates.StarterName>();
  const [starterError, setStarterError] = useState(false);
  const set = (changes: Partial<Details>) => setDetails((d) => ({ ...d, ...changes }));
  const sms = details.useSubjectAsSmsMessage ? details.subject : details.smsTemplate;
  const index = STEPS.indexOf(step);

  const errorOf = (field: 'name' | 'subject') => {
    const key = shown.has(field) ? fieldError(details, field) : undefined;
    return key ? t(key) : undefined;
  };
  const next = () => {
    if (step === 'details') {
      setShown(new Set(['name', 'subject']));
      if (fieldError(details, 'name') || fieldError(details, 'subject')) return;
    }
    setStep(STEPS[index + 1] as Step);
  };
  const finish = () => {
    if (template) {
      const changes = { ...details, ...(block ? {} : { state: doc }) };
      update.mutate(
        { _id: template._id, changes },
        { onError: () => toast.error(t('templates.save-failed')) },
      );
      toast.success(t('templates.saved'));
      void navigate({ to: '/send/templates' });
      return;
    }
    if (block && !starter) {
      setStarterError(true);
      return;
    }
    const _id = newId();
    create.mutate(
      { ...details, _id, ...(block ? { starter } : { state: doc }) },
      { onError: () => toast.error(t('templates.createFailed')) },
    );
    toast.success(t('templates.created'));
    void navigate(block ? { to: '/block-editor/$id', params: { id: _id } } : { to: '/send/templates' });
  };

  return (
    <Screen title={template ? t('templates.edit-title') : t('templates.create-title')} tabs={sendTabs(t)}>
      <nav aria-label={t('templates.breadcrumbs')} className="mb-3 text-sm text-muted-foreground">
        <Link to="/send/templates" className="underline-offset-2 hover:underline">
          {t('templates.title')}
        </Link>
        {' / '}
        <span>{template ? template.name : t('templates.create-title')}</span>
      </nav>
      <ol className="mb-4 flex gap-2" aria-label={t('templates.steps')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={cn(
              'flex flex-1 items-center gap-2 rounded-md border px-3 py-2 text-sm',
              s === step ? 'border-primary font-medium' : 'text-muted-foreground',
            )}
          >
            <span className="flex size-5 items-center justify-center rounded-full bg-muted text-xs">
              {i < index ? <Check className="size-3" aria-hidden /> : i + 1}
            </span>
            {t(`templates.step-${s}`)}
          </li>
        ))}
      </ol>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 'template') finish();
          else next();
        }}
      >
        {step === 'details' && <DetailsStep details={details} set={set} errorOf={errorOf} />}
        {step === 'sms' && <SmsStep details={details} sms={sms} set={set} />}
        {step === 'template' &&
          (block ? (
            template ? (
              <BlockNote id={template._id} canOpen={blockFlag} />
            ) : (
              <StarterStep
                starter={starter}
                error={starterError}
                onPick={(s) => {
                  setStarter(s);
                  setStarterError(false);
                }}
              />
            )
          ) : (
            <Suspense
              fallback={<p className="text-sm text-muted-foreground">{t('templates.loading-editor')}</p>}
            >
              <RichTextEditor value={doc} onChange={setDoc} />
            </Suspense>
          ))}
        <div className="flex justify-between gap-2">
          <Link to="/send/templates" className={buttonVariants({ variant: 'ghost' })}>
            {t('general.cancel')}
          </Link>
          <div className="flex gap-2">
            {index > 0 && (
              <Button type="button" variant="outline" onClick={() => setStep(STEPS[index - 1] as Step)}>
                {t('templates.back')}
              </Button>
            )}
            <Button type="submit">{step === 'template' ? t('templates.finish') : t('templates.next')}</Button>
          </div>
        </div>
      </form>
    </Screen>
  );
}

function Placeholders({ text }: { text: string }) {
  const { t } = useTranslation();
  const tokens = findTokens(text);
  const [asking, setAsking] = useState(false);
  const [filled, setFilled] = useState<string>();
  if (tokens.length === 0) return null;
  return (
    <div className="flex flex-col gap-1 text-xs text-muted-foreground" data-testid="placeholders">
      <span>{t('templates.placeholders', { names: tokens.join(', ') })}</span>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto self-start p-0"
        onClick={() => setAsking(true)}
      >
        {t('templates.try-placeholders')}
      </Button>
      {filled !== undefined && <output className="text-sm text-foreground">{filled}</output>}
      {asking && (
        <TokenPrompt
          tokens={tokens}
          onCancel={() => setAsking(false)}
          onDone={(values) => {
            setFilled(replaceTokens(text, values));
            setAsking(false);
          }}
        />
      )}
    </div>
  );
}

function DetailsStep({
  details,
  set,
  errorOf,
}: {
  details: Details;
  set: (c: Partial<Details>) => void;
  errorOf: (f: 'name' | 'subject') => string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('templates.name')} error={errorOf('name')}>
        <input className={inputClass} value={details.name} onChange={(e) => set({ name: e.target.value })} />
      </Field>
      <Field label={t('templates.subject')} error={errorOf('subject')} hint={t('templates.subject-hint')}>
        <input
          className={inputClass}
          value={details.subject}
          onChange={(e) => set({ subject: e.target.value })}
        />
      </Field>
      <Placeholders text={details.subject} />
    </>
  );
}

function SmsStep({
  details,
  sms,
  set,
}: {
  details: Details;
  sms: string;
  set: (c: Partial<Details>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SwitchRow
        label={t('templates-form.sms-same-as-subject')}
        checked={details.useSubjectAsSmsMessage}
        onChange={(on) => set({ useSubjectAsSmsMessage: on, ...(on ? {} : { smsTemplate: sms }) })}
      />
      <Field label={t('templates.sms-text')} hint={t('templates.sms-hint')}>
        <Textarea
          rows={4}
          value={sms}
          disabled={details.useSubjectAsSmsMessage}
          onChange={(e) => set({ smsTemplate: e.target.value })}
        />
      </Field>
      <Placeholders text={sms} />
      <SwitchRow
        label={t('templates.include-link')}
        checked={details.includeLink}
        onChange={(on) => set({ includeLink: on })}
      />
    </>
  );
}

function SwitchRow({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the switch is the child
    <label className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
      <span className="font-medium">{label}</span>
      <Switch checked={checked} onCheckedChange={onChange} />
    </label>
  );
}

function StarterStep({
  starter,
  error,
  onPick,
}: {
  starter?: Templates.StarterName;
  error: boolean;
  onPick: (s: Templates.StarterName) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{t('templates.choose-starter')}</legend>
      {Templates.StarterName.options.map((name) => (
        <StarterCard key={name} selected={starter === name} onClick={() => onPick(name)}>
          {t('templates.starter-basic')}
        </StarterCard>
      ))}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {t('templates.select-starting-template')}
        </p>
      )}
    </fieldset>
  );
}

function StarterCard({
  selected,
  onClick,
  children,
}: {
  selected: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        'flex w-full max-w-xs flex-col items-center gap-2 rounded-lg border p-4 text-sm',
        selected && 'border-primary ring-2 ring-primary',
      )}
    >
      {/* The 'Basic' container in miniature: centred, white, on the page colour. */}
      <span className="flex h-28 w-full justify-center bg-muted p-2" aria-hidden>
        <span className="h-full w-3/5 rounded-sm bg-white shadow-sm" />
      </span>
      <span className="font-medium">{children}</span>
      <span className="text-xs text-muted-foreground">{t('templates.starter-basic-text')}</span>
    </button>
  );
}

function BlockNote({ id, canOpen }: { id: string; canOpen: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-2 rounded-md border p-4 text-sm">
      <p>{t('templates.block-template-state')}</p>
      {canOpen && (
        <Link
          to="/block-editor/$id"
          params={{ id }}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          <LayoutTemplate aria-hidden />
          {t('templates.open-editor')}
        </Link>
      )}
    </div>
  );
}
