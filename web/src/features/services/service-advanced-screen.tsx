import './strings.ts';
import { newId, Services } from '@roundwise/core';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card, Field, inputClass, secondaryButtonClass } from '../../components/form';
import { Screen } from '../../components/screen';
import { useCommand } from '../../lib/commands/use-command';
import { errorText } from '../../lib/errors';
import { useEntity } from '../../lib/sync/hooks';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';

type Service = Services.Service;
type FrequencyType = Services.FrequencyPrice['frequencyType'];

/** The form's rows: numbers as typed, checked by the command's own schema on save. */
interface PriceRow {
  row: string;
  frequencyType: FrequencyType;
  frequencyInterval: string;
  price: string;
  duration: string;
}
interface QuestionRow {
  id: string;
  label: string;
  type: Services.QuestionType;
  options: string;
  required: boolean;
}

const FREQUENCIES: FrequencyType[] = ['OneOff', 'Weeks', 'MonthsDayOfMonth'];
const TYPES: Services.QuestionType[] = ['text', 'number', 'yes-no', 'choice'];
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));

function rowsOf(s: Service) {
  return {
    duration: String(s.defaultDuration),
    prices: (s.frequencyPrices ?? []).map((p) => ({
      row: newId(),
      frequencyType: p.frequencyType,
      frequencyInterval: String(p.frequencyInterval),
      price: String(p.price),
      duration: p.duration === undefined ? '' : String(p.duration),
    })),
    questions: (s.quoteQuestions ?? []).map((q) => ({ ...q, options: q.options.join('\n') })),
  };
}

/**
 * `services-advanced/{id}` (Advanced; Owner, Admin, Creator): the questions the portal's quote
 * flow asks about this service, its price at each frequency, and its duration.
 */
export function ServiceAdvancedScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const service = useEntity<Service>('service', id);
  if (!service) {
    return (
      <Screen title={t('services.advanced-title')}>
        <p className="text-muted-foreground">{t('services.not-found')}</p>
      </Screen>
    );
  }
  return <AdvancedForm key={service._id} service={service} />;
}

function AdvancedForm({ service }: { service: Service }) {
  const { t } = useTranslation();
  const save = useCommand(Services.updateAdvanced);
  const [form, setForm] = useState(() => rowsOf(service));
  const [error, setError] = useProblem();
  // Another device's change arrives: shown unless this form has been edited.
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!dirty) setForm(rowsOf(service));
  }, [service, dirty]);
  const edit = (next: typeof form) => {
    setForm(next);
    setDirty(true);
    setError(undefined);
  };
  const setPrice = (i: number, patch: Partial<PriceRow>) =>
    edit({ ...form, prices: form.prices.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  const setQuestion = (i: number, patch: Partial<QuestionRow>) =>
    edit({ ...form, questions: form.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = Services.AdvancedFields.safeParse({
      defaultDuration: num(form.duration),
      frequencyPrices: form.prices.map((p) => ({
        frequencyType: p.frequencyType,
        frequencyInterval: p.frequencyType === 'OneOff' ? 1 : num(p.frequencyInterval),
        price: num(p.price),
        ...(p.duration.trim() ? { duration: num(p.duration) } : {}),
      })),
      quoteQuestions: form.questions.map((q) => ({
        id: q.id,
        label: q.label,
        type: q.type,
        options: q.type === 'choice' ? q.options.split('\n') : [],
        required: q.required,
      })),
    });
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? '';
      setError(key);
      return;
    }
    save.mutate(
      { _id: service._id, changes: parsed.data },
      { onError: (err) => toast.error(errorText(t, err)) },
    );
    setDirty(false);
    toast.success(t('services.saved', { name: service.name }));
  };

  return (
    <Screen title={service.name}>
      <form
        onSubmit={submit}
        className="flex flex-col gap-4"
        noValidate
        aria-label={t('services.advanced-form')}
      >
        <Link to="/services-advanced" className="text-sm text-primary underline-offset-4 hover:underline">
          {t('services.advanced-back')}
        </Link>
        <Card className="flex flex-col gap-3">
          <h2 className="font-semibold">{t('services.duration-heading')}</h2>
          <Field label={t('services.default-duration')}>
            <input
              type="number"
              min={1}
              max={1440}
              className={`${inputClass} max-w-40`}
              value={form.duration}
              onChange={(e) => edit({ ...form, duration: e.target.value })}
            />
          </Field>
        </Card>

        <Card className="flex flex-col gap-3">
          <h2 className="font-semibold">{t('services.prices-heading')}</h2>
          <p className="text-sm text-muted-foreground">{t('services.prices-intro')}</p>
          {form.prices.map((p, i) => (
            <fieldset
              key={p.row}
              className="grid grid-cols-2 items-end gap-2 rounded-md border p-3 sm:grid-cols-5"
              aria-label={t('services.price-row', { n: i + 1 })}
            >
              <Field label={t('services.frequency')}>
                <select
                  className={inputClass}
                  value={p.frequencyType}
                  onChange={(e) => setPrice(i, { frequencyType: e.target.value as FrequencyType })}
                >
                  {FREQUENCIES.map((f) => (
                    <option key={f} value={f}>
                      {t(`services.frequency-${f}`)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('services.every')}>
                <input
                  type="number"
                  min={1}
                  max={104}
                  disabled={p.frequencyType === 'OneOff'}
                  className={inputClass}
                  value={p.frequencyType === 'OneOff' ? '1' : p.frequencyInterval}
                  onChange={(e) => setPrice(i, { frequencyInterval: e.target.value })}
                />
              </Field>
              <Field label={t('services.price')}>
                <input
                  type="number"
                  step="0.01"
                  inputMode="decimal"
                  className={inputClass}
                  value={p.price}
                  onChange={(e) => setPrice(i, { price: e.target.value })}
                />
              </Field>
              <Field label={t('services.duration-optional')}>
                <input
                  type="number"
                  min={1}
                  className={inputClass}
                  value={p.duration}
                  onChange={(e) => setPrice(i, { duration: e.target.value })}
                />
              </Field>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => edit({ ...form, prices: form.prices.filter((_, j) => j !== i) })}
              >
                <Trash2 className="size-4" aria-hidden />
                {t('services.remove')}
              </button>
            </fieldset>
          ))}
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() =>
              edit({
                ...form,
                prices: [
                  ...form.prices,
                  { row: newId(), frequencyType: 'Weeks', frequencyInterval: '4', price: '', duration: '' },
                ],
              })
            }
          >
            <Plus className="size-4" aria-hidden />
            {t('services.add-price')}
          </button>
        </Card>

        <Card className="flex flex-col gap-3">
          <h2 className="font-semibold">{t('services.questions-heading')}</h2>
          <p className="text-sm text-muted-foreground">{t('services.questions-intro')}</p>
          {form.questions.map((q, i) => (
            <fieldset
              key={q.id}
              className="flex flex-col gap-2 rounded-md border p-3"
              aria-label={t('services.question-row', { n: i + 1 })}
            >
              <div className="grid gap-2 sm:grid-cols-[1fr_10rem]">
                <Field label={t('services.question')}>
                  <input
                    className={inputClass}
                    value={q.label}
                    onChange={(e) => setQuestion(i, { label: e.target.value })}
                  />
                </Field>
                <Field label={t('services.answer-type')}>
                  <select
                    className={inputClass}
                    value={q.type}
                    onChange={(e) => setQuestion(i, { type: e.target.value as Services.QuestionType })}
                  >
                    {TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`services.answer-type-${type}`)}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
              {q.type === 'choice' && (
                <Field label={t('services.options')} hint={t('services.options-hint')}>
                  <textarea
                    rows={3}
                    className={`${inputClass} h-auto py-2`}
                    value={q.options}
                    onChange={(e) => setQuestion(i, { options: e.target.value })}
                  />
                </Field>
              )}
              <div className="flex items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={q.required}
                    onChange={(e) => setQuestion(i, { required: e.target.checked })}
                  />
                  {t('services.required')}
                </label>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => edit({ ...form, questions: form.questions.filter((_, j) => j !== i) })}
                >
                  <Trash2 className="size-4" aria-hidden />
                  {t('services.remove')}
                </button>
              </div>
            </fieldset>
          ))}
          <button
            type="button"
            className={`${secondaryButtonClass} self-start`}
            onClick={() =>
              edit({
                ...form,
                questions: [
                  ...form.questions,
                  { id: newId(), label: '', type: 'text', options: '', required: false },
                ],
              })
            }
          >
            <Plus className="size-4" aria-hidden />
            {t('services.add-question')}
          </button>
        </Card>

        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <button type="submit" className={`${buttonClass} self-end`}>
          {t('general.save')}
        </button>
      </form>
    </Screen>
  );
}
