import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { ArrowLeft, Check, ChevronRight, SkipForward, X } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentList } from '../../components/attachments/attachment-list';
import { Field, inputClass } from '../../components/form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import type { Schema, Values } from './data';
import { PhotoField } from './photo-field';
import { ProgressChip } from './progress-chip';
import { SignaturePad } from './signature-pad';

type Answer = CustomFields.Answer;
type Item = CustomFields.Item;

/** The record the answers are for: a visit (by job and due date) or another record by id. */
export interface FillTarget {
  target: CustomFields.Target;
  targetObjectId: string;
  visit?: CustomFields.VisitTarget;
  /** Ids a photo taken here is related to (the visit's job and customer). */
  related: string[];
}

type Step = { schemaId?: string; index?: string };

/**
 * The spec's fill-in flow, titled "complete fields": collections, then a collection's items (the
 * quick list answers yes/no and skips in one tap), then one item's form. With one collection it
 * opens at its items. Each answer is a `custom-fields.fill` command: it is kept on the device and
 * sent when there is signal, like every visit edit.
 */
export function CompleteFieldsDialog({
  open,
  onOpenChange,
  schemas,
  values,
  fill: target,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  schemas: Schema[];
  values: Values[];
  fill: FillTarget;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({});
  const single = schemas.length === 1 ? schemas[0]!._id : undefined;
  const schemaId = step.schemaId ?? single;
  const schema = schemas.find((s) => s._id === schemaId);
  const answersOf = (s: Schema) =>
    values.find((v) => v._id === CustomFields.valuesId(s._id, target.targetObjectId))?.values ?? {};
  const fillCommand = useCommand(CustomFields.fill);
  const send = (s: Schema, index: string, answer: Answer, shown: Answer | undefined) =>
    fillCommand.mutate(
      {
        schemaId: s._id,
        target: target.target,
        ...(target.visit ? { visit: target.visit } : { targetObjectId: target.targetObjectId }),
        answers: { [index]: answer },
        base: { [index]: shown ?? null },
      },
      {
        onError: (e) =>
          toast.error(
            `${t(answer.skipped ? 'custom-fields.skipping-form-values-failed' : 'custom-fields.saving-form-values-failed')} ${errorText(t, e)}`,
          ),
      },
    );
  const close = (o: boolean) => {
    if (!o) setStep({});
    onOpenChange(o);
  };
  const item = schema && step.index !== undefined ? schema.items[step.index] : undefined;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto" data-testid="complete-fields">
        <DialogHeader>
          <DialogTitle>{t('custom-fields.complete-fields')}</DialogTitle>
          <DialogDescription>{schema?.title ?? t('custom-fields.choose-collection')}</DialogDescription>
        </DialogHeader>
        {schemas.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('custom-fields.no-fields-to-complete')}</p>
        ) : !schema ? (
          <ul className="grid gap-2">
            {schemas.map((s) => (
              <li key={s._id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded-lg border p-3 text-left hover:bg-accent"
                  onClick={() => setStep({ schemaId: s._id })}
                >
                  <span className="flex-1 font-medium">{s.title}</span>
                  <ProgressChip schema={s} values={answersOf(s)} />
                  <ChevronRight className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : item && step.index !== undefined ? (
          <ItemForm
            key={`${schema._id}.${step.index}`}
            item={item}
            shown={answersOf(schema)[step.index]}
            related={target.related}
            onBack={() => setStep({ schemaId: step.schemaId })}
            onSave={(answer) => {
              send(schema, step.index!, answer, answersOf(schema)[step.index!]);
              setStep({ schemaId: step.schemaId });
            }}
          />
        ) : (
          <QuickList
            schema={schema}
            answers={answersOf(schema)}
            onOpen={(index) => setStep({ schemaId: schema._id, index })}
            onAnswer={(index, answer) => send(schema, index, answer, answersOf(schema)[index])}
            onBack={single ? undefined : () => setStep({})}
          />
        )}
        {!item && (
          <DialogFooter>
            <Button onClick={() => close(false)}>
              <Check aria-hidden />
              {t('custom-fields.finish')}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A collection's items with their status; a yes/no or a skip is one tap where no note is needed. */
function QuickList({
  schema,
  answers,
  onOpen,
  onAnswer,
  onBack,
}: {
  schema: Schema;
  answers: Record<string, Answer>;
  onOpen: (index: string) => void;
  onAnswer: (index: string, answer: Answer) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const items = CustomFields.activeItems(schema);
  const quick = (index: string, item: Item, answer: Answer) => {
    const problem = CustomFields.quickListCheck(item, answer);
    if (problem) {
      toast.error(t(problem));
      return onOpen(index);
    }
    onAnswer(index, answer);
  };
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-2">
        {onBack && (
          <Button variant="ghost" size="sm" onClick={onBack}>
            <ArrowLeft aria-hidden />
            {t('custom-fields.back')}
          </Button>
        )}
        <span className="flex-1" />
        <ProgressChip schema={schema} values={answers} />
      </div>
      {items.length === 0 && (
        <p className="text-sm text-muted-foreground">{t('custom-fields.no-fields-to-complete')}</p>
      )}
      <ol className="grid gap-2" aria-label={t('custom-fields.items')}>
        {items.map(([index, item]) => {
          const answer = answers[index];
          const status = CustomFields.itemStatus(answer);
          return (
            <li key={index} className="grid gap-2 rounded-lg border p-3" data-testid={`fill-item-${index}`}>
              <button
                type="button"
                className="flex items-start gap-2 text-left"
                onClick={() => onOpen(index)}
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">
                    {item.title}
                    {!item.skippable && <span className="text-destructive"> *</span>}
                  </span>
                  {answer && <AnswerText item={item} answer={answer} />}
                </span>
                <Badge variant={status === 'complete' ? 'default' : 'secondary'}>
                  {t(`custom-fields.status.${status}`)}
                </Badge>
              </button>
              {(item.type === 'boolean' || item.skippable) && (
                <div className="flex flex-wrap gap-2">
                  {item.type === 'boolean' &&
                    [true, false].map((yes) => (
                      <Button
                        key={String(yes)}
                        size="sm"
                        variant={answer?.value === yes && !answer.skipped ? 'default' : 'outline'}
                        aria-label={`${t(yes ? 'custom-fields.yes' : 'custom-fields.no')}: ${item.title}`}
                        onClick={() =>
                          quick(index, item, { value: yes, notes: answer?.notes ?? '', skipped: false })
                        }
                      >
                        {t(yes ? 'custom-fields.yes' : 'custom-fields.no')}
                      </Button>
                    ))}
                  {item.skippable && (
                    <Button
                      size="sm"
                      variant={answer?.skipped ? 'default' : 'ghost'}
                      aria-label={`${t('custom-fields.skip')}: ${item.title}`}
                      onClick={() => quick(index, item, { notes: answer?.notes ?? '', skipped: true })}
                    >
                      <SkipForward aria-hidden />
                      {t('custom-fields.skip')}
                    </Button>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * An answer as the quick list and the record's page show it; `rich` (the record's page) shows the
 * photo and the drawn signature themselves.
 */
export function AnswerText({ item, answer, rich = false }: { item: Item; answer: Answer; rich?: boolean }) {
  const { t } = useTranslation();
  const v = answer.skipped ? undefined : answer.value;
  let shown: ReactNode = '';
  if (answer.skipped) shown = t('custom-fields.status.skipped');
  else if (typeof v === 'boolean') shown = t(v ? 'custom-fields.yes' : 'custom-fields.no');
  else if (typeof v === 'number') shown = CustomFields.numberText(item.settings, v);
  else if (Array.isArray(v))
    shown = v.map((id) => item.settings.selectOptions.find((o) => o.id === id)?.label ?? id).join(', ');
  else if (item.type === 'signature' && v)
    shown = rich ? (
      <svg
        viewBox="0 0 300 150"
        role="img"
        aria-label={t('custom-fields.signed')}
        className="h-16 w-32 rounded border bg-white"
      >
        <path d={v} fill="none" stroke="#111827" strokeWidth={3} strokeLinecap="round" />
      </svg>
    ) : (
      t('custom-fields.signed')
    );
  else if (item.type === 'attachment' && v)
    shown = !rich ? (
      t('custom-fields.photo-taken')
    ) : v.startsWith('data:') ? (
      <img src={v} alt={t('custom-fields.photo-taken')} className="max-h-24 rounded border" />
    ) : (
      <AttachmentList ids={[v]} />
    );
  else if (typeof v === 'string') shown = `${item.settings.prefix}${v}${item.settings.suffix}`;
  return (
    <span className={rich ? 'block text-sm' : 'block text-sm text-muted-foreground'}>
      {shown}
      {answer.notes && <span className="block italic text-muted-foreground">{answer.notes}</span>}
    </span>
  );
}

/** One item's form: its value by type, notes (255) and skip; leaving with changes asks first. */
function ItemForm({
  item,
  shown,
  related,
  onBack,
  onSave,
}: {
  item: Item;
  shown: Answer | undefined;
  related: string[];
  onBack: () => void;
  onSave: (answer: Answer) => void;
}) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<Answer>(shown ?? { notes: '', skipped: false });
  const [error, setError] = useProblem();
  const [leaving, setLeaving] = useState(false);
  const changed = JSON.stringify(answer) !== JSON.stringify(shown ?? { notes: '', skipped: false });
  const set = (patch: Partial<Answer>) => {
    setError(undefined);
    setAnswer((a) => ({ ...a, ...patch }));
  };
  const setValue = (value: Answer['value']) => set({ value, skipped: false });
  const save = (next: Answer) => {
    const problem = CustomFields.answerError(item, next);
    if (problem) return setError(problem, { item: item.title });
    onSave(next);
  };
  const v = answer.skipped ? undefined : answer.value;
  const { prefix, suffix, decimalPlaces, selectOptions, selectMultiple } = item.settings;
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        save({ ...answer, skipped: false });
      }}
    >
      <div>
        <h3 className="font-medium">{item.title}</h3>
        {item.description && <p className="text-sm text-muted-foreground">{item.description}</p>}
      </div>
      {item.type === 'boolean' && (
        <div role="radiogroup" aria-label={item.title} className="flex gap-2">
          {[true, false].map((yes) => (
            <Button
              key={String(yes)}
              type="button"
              role="radio"
              aria-checked={v === yes}
              variant={v === yes ? 'default' : 'outline'}
              onClick={() => setValue(yes)}
            >
              {t(yes ? 'custom-fields.yes' : 'custom-fields.no')}
            </Button>
          ))}
        </div>
      )}
      {item.type === 'text' && (
        <Field label={t('custom-fields.answer')}>
          <div className="flex items-center gap-2">
            {prefix && <span>{prefix}</span>}
            <Input
              value={typeof v === 'string' ? v : ''}
              onChange={(e) => setValue(e.target.value)}
              maxLength={2000}
            />
            {suffix && <span>{suffix}</span>}
          </div>
        </Field>
      )}
      {item.type === 'number' && (
        <Field label={t('custom-fields.answer')}>
          <div className="flex items-center gap-2">
            {prefix && <span>{prefix}</span>}
            <Input
              type="number"
              inputMode="decimal"
              step={decimalPlaces ? 10 ** -decimalPlaces : 1}
              value={typeof v === 'number' ? v : ''}
              onChange={(e) => setValue(e.target.value === '' ? undefined : Number(e.target.value))}
            />
            {suffix && <span>{suffix}</span>}
          </div>
        </Field>
      )}
      {item.type === 'select' && (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium">{t('custom-fields.answer')}</legend>
          {selectOptions.map((o) => {
            const chosen = Array.isArray(v) ? v : [];
            return (
              <label key={o.id} className="flex items-center gap-2 rounded p-2 text-sm hover:bg-accent">
                <input
                  type={selectMultiple ? 'checkbox' : 'radio'}
                  name="select-answer"
                  className="size-4"
                  checked={chosen.includes(o.id)}
                  onChange={(e) =>
                    setValue(
                      selectMultiple
                        ? e.target.checked
                          ? [...chosen, o.id]
                          : chosen.filter((x) => x !== o.id)
                        : [o.id],
                    )
                  }
                />
                {o.label}
              </label>
            );
          })}
        </fieldset>
      )}
      {item.type === 'attachment' && (
        <PhotoField value={typeof v === 'string' ? v : ''} related={related} onChange={setValue} />
      )}
      {item.type === 'signature' && (
        <SignaturePad label={item.title} value={typeof v === 'string' ? v : ''} onChange={setValue} />
      )}
      {!['boolean', 'text', 'number', 'select', 'attachment', 'signature'].includes(item.type) && (
        <p role="alert">{t('custom-fields.unsupported-item-type')}</p>
      )}
      <Field label={t('custom-fields.notes')} hint={`${answer.notes.length}/${CustomFields.NOTES_MAX}`}>
        <Textarea
          value={answer.notes}
          maxLength={CustomFields.NOTES_MAX}
          onChange={(e) => set({ notes: e.target.value })}
          className={inputClass.replace('h-10', 'min-h-20')}
        />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {leaving && (
        <div role="alert" className="grid gap-2 rounded-md border p-3 text-sm">
          <p>{t('general.unsaved-changes-confirm')}</p>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onBack}>
              {t('custom-fields.discard')}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setLeaving(false)}>
              <X aria-hidden />
              {t('general.cancel')}
            </Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="ghost" onClick={() => (changed ? setLeaving(true) : onBack())}>
          <ArrowLeft aria-hidden />
          {t('custom-fields.back')}
        </Button>
        <span className="flex-1" />
        {item.skippable && (
          <Button
            type="button"
            variant="outline"
            onClick={() => save({ notes: answer.notes, skipped: true })}
          >
            <SkipForward aria-hidden />
            {t('custom-fields.skip')}
          </Button>
        )}
        <Button type="submit">{t('custom-fields.continue')}</Button>
      </div>
    </form>
  );
}
