import '../strings.ts';
import { Portal } from '@roundwise/core';
import { ChevronRight } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Switch } from '../../../components/ui/switch';
import { useCommand } from '../../../lib/commands/use-command';
import { errorText } from '../../../lib/errors';
import { useEntity } from '../../../lib/sync/hooks';
import { toast } from '../../../lib/toast';

type Widget = Portal.ConfigurableWidget;
type Settings = Record<string, unknown>;

/**
 * How long typing waits before it is saved (spec 002 section 9): the appointment limit 500 ms, the
 * sign-in address 1,000 ms; the other typed fields as the limit. Switches save at once.
 */
const TYPING_DELAY: Partial<Record<Widget, number>> = { 'sign-in': 1000 };
const delayOf = (widget: Widget) => TYPING_DELAY[widget] ?? 500;

/** The fixed day a working hour is stored on: the spec keeps `YYYY-MM-DDTHH:mm`, and only the time is read. */
const HOURS_DAY = '1970-01-01';

/**
 * One widget's settings, saved as they change (`portal.save-widget-settings`), typing after a
 * pause. A value the widget's schema refuses shows its message and is not saved; a pending save is
 * made when the form closes.
 */
function useWidgetSettings(widget: Widget) {
  const { t } = useTranslation();
  const stored = useEntity<{ settings?: Settings }>('portalWidget', widget);
  const [local, setLocal] = useState<Settings>();
  const settings = local ?? (Portal.settingsOf(widget, stored?.settings) as Settings);
  const save = useCommand(Portal.saveWidgetSettings);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; run: () => void }>(undefined);
  const [error, setError] = useState<string>();

  const commit = (next: Settings) => {
    const parsed = Portal.widgetSettings[widget].safeParse(next);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(
      { widget, settings: parsed.data as Settings },
      { onError: (e) => toast.error(errorText(t, e)) },
    );
  };
  const flush = () => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.run();
    pending.current = undefined;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a pending save is made once, as the form closes
  useEffect(() => flush, []);

  return {
    settings,
    error,
    /** Changes a value: a switch saves at once, typing after the widget's delay. */
    set(patch: Settings, typed = false) {
      const next = { ...settings, ...patch };
      setLocal(next);
      if (pending.current) clearTimeout(pending.current.timer);
      const run = () => commit(next);
      if (!typed) {
        pending.current = undefined;
        run();
        return;
      }
      const timer = setTimeout(() => {
        pending.current = undefined;
        run();
      }, delayOf(widget));
      pending.current = { run, timer };
    },
  };
}

function Toggle({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <label htmlFor={id}>{label}</label>
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
    </div>
  );
}

/** A whole number typed: the field keeps what was typed, the form gets the number. */
function NumberInput({
  value,
  onChange,
  min,
  max,
}: {
  value: number;
  onChange: (n: number | undefined) => void;
  min: number;
  max: number;
}) {
  const [text, setText] = useState(String(value));
  return (
    <input
      className={inputClass}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value === '' ? undefined : Number(e.target.value));
      }}
    />
  );
}

/** The booking range (spec 002 section 5): 0 to 1,095 days; a value outside is ignored, an empty one is 0. */
function RangeInput({ value, onChange }: { value: number; onChange: (n: number) => void }) {
  return (
    <input
      className={inputClass}
      type="number"
      inputMode="numeric"
      min={0}
      max={1095}
      value={value}
      onChange={(e) => {
        if (e.target.value === '') return onChange(0);
        const n = Number(e.target.value);
        if (Number.isInteger(n) && n >= 0 && n <= 1095) onChange(n);
      }}
    />
  );
}

/** The settings form of one widget (spec 002 section 3), as the dialog and the list both show it. */
export function WidgetSettingsForm({ widget }: { widget: Widget }) {
  const { t } = useTranslation();
  const { settings: s, set, error } = useWidgetSettings(widget);
  const label = (key: string) => t(`portal.editor.setting-${key}`);
  const bool = (key: string) => (
    <Toggle key={key} label={label(key)} checked={s[key] === true} onChange={(on) => set({ [key]: on })} />
  );
  let fields: ReactNode;
  switch (widget) {
    case 'book-appointment': {
      const range = s.minAndMaxRange as { min: number; max: number };
      fields = (
        <>
          <Field label={label('jobBookingBuffer')} hint={label('jobBookingBuffer-hint')}>
            <NumberInput
              min={0}
              max={365}
              value={s.jobBookingBuffer as number}
              onChange={(n) => set({ jobBookingBuffer: n ?? -1 }, true)}
            />
          </Field>
          {bool('disableWeekendBookings')}
          <div className="grid grid-cols-2 gap-3">
            <Field label={label('range-min')}>
              <RangeInput
                value={range.min}
                onChange={(min) => set({ minAndMaxRange: { ...range, min } }, true)}
              />
            </Field>
            <Field label={label('range-max')}>
              <RangeInput
                value={range.max}
                onChange={(max) => set({ minAndMaxRange: { ...range, max } }, true)}
              />
            </Field>
          </div>
          <p className="text-xs text-muted-foreground">{label('range-hint')}</p>
        </>
      );
      break;
    }
    case 'upcoming-appointments':
      fields = (
        <Field label={label('appointmentLimit')} hint={label('appointmentLimit-hint')}>
          <NumberInput
            min={0}
            max={200}
            value={s.appointmentLimit as number}
            onChange={(n) => set({ appointmentLimit: n ?? -1 }, true)}
          />
        </Field>
      );
      break;
    case 'sign-in':
      fields = (
        <Field label={label('redirectUrl')} hint={label('redirectUrl-hint')}>
          <input
            className={inputClass}
            value={s.redirectUrl as string}
            placeholder="/account"
            onChange={(e) => set({ redirectUrl: e.target.value }, true)}
          />
        </Field>
      );
      break;
    case 'chat':
      fields = <ChatFields settings={s} set={set} />;
      break;
    default:
      fields = Object.keys(s).map(bool);
  }
  return (
    <div className="flex flex-col gap-3" data-testid={`settings-${widget}`}>
      {fields}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}

function ChatFields({
  settings: s,
  set,
}: {
  settings: Settings;
  set: (patch: Settings, typed?: boolean) => void;
}) {
  const { t } = useTranslation();
  const days = s.workingDay as Partial<Record<Portal.Weekday, { start: string; end: string }>>;
  const time = (v: string | undefined) => v?.slice(11, 16) ?? '';
  const setDay = (day: Portal.Weekday, part: 'start' | 'end', value: string) => {
    const current = days[day] ?? { start: `${HOURS_DAY}T09:00`, end: `${HOURS_DAY}T17:00` };
    const next = { ...days };
    if (value === '' && part === 'start') delete next[day];
    else next[day] = { ...current, [part]: `${HOURS_DAY}T${value || '17:00'}` };
    set({ workingDay: next }, true);
  };
  return (
    <>
      <Toggle
        label={t('portal.editor.setting-useWorkingHours')}
        checked={s.useWorkingHours === true}
        onChange={(on) => set({ useWorkingHours: on })}
      />
      {s.useWorkingHours === true && (
        <div className="grid grid-cols-[auto_1fr_1fr] items-center gap-2 text-sm">
          <span />
          <span className="text-xs text-muted-foreground">{t('portal.editor.hours-start')}</span>
          <span className="text-xs text-muted-foreground">{t('portal.editor.hours-end')}</span>
          {Portal.WEEKDAYS.map((day) => (
            <div key={day} className="contents">
              <span>{t(`portal.editor.day-${day}`)}</span>
              <input
                type="time"
                className={inputClass}
                aria-label={`${t(`portal.editor.day-${day}`)} ${t('portal.editor.hours-start')}`}
                value={time(days[day]?.start)}
                onChange={(e) => setDay(day, 'start', e.target.value)}
              />
              <input
                type="time"
                className={inputClass}
                aria-label={`${t(`portal.editor.day-${day}`)} ${t('portal.editor.hours-end')}`}
                value={time(days[day]?.end)}
                disabled={!days[day]}
                onChange={(e) => setDay(day, 'end', e.target.value)}
              />
            </div>
          ))}
        </div>
      )}
      <Field label={t('portal.editor.setting-outOfHoursMessage')}>
        <textarea
          className={`${inputClass} h-20 py-2`}
          value={s.outOfHoursMessage as string}
          onChange={(e) => set({ outOfHoursMessage: e.target.value }, true)}
        />
      </Field>
    </>
  );
}

/** The dialog a widget's settings button opens (spec 002 section 2.5, panel 2). */
export function WidgetSettingsDialog({
  widget,
  onClose,
}: {
  widget: Widget | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = widget ? t(`portal.editor.widget-${widget}`) : '';
  return (
    <Dialog open={!!widget} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('portal.editor.settings', { widget: name })}</DialogTitle>
          <DialogDescription className="sr-only">{name}</DialogDescription>
        </DialogHeader>
        {widget && <WidgetSettingsForm widget={widget} />}
      </DialogContent>
    </Dialog>
  );
}

/** Every widget with settings, one expandable section each (spec 002 section 2.5, panel 2). */
export function WidgetSettingsList() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col divide-y rounded-lg border">
      {(Object.keys(Portal.widgetSettings) as Widget[]).map((widget) => (
        <details key={widget} className="group px-3">
          <summary className="flex cursor-pointer list-none items-center gap-2 py-3 text-sm font-medium">
            <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden />
            {t(`portal.editor.widget-${widget}`)}
          </summary>
          <div className="pb-4">
            <WidgetSettingsForm widget={widget} />
          </div>
        </details>
      ))}
    </div>
  );
}
