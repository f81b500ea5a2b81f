import { CalendarDays } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayText, parseDayText } from '../lib/dates';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

/**
 * A date as a UK user reads and types it, dd/mm/yyyy, whatever the browser's locale (a native
 * date input shows mm/dd/yyyy in an en-US browser), with a calendar beside it. The value in and
 * out is an ISO day (`YYYY-MM-DD`), or '' while the text is empty or not a real date, so forms keep
 * their schemas. An impossible date says so when the user leaves the field. `readOnly` keeps the
 * text fixed and changes the date only through the calendar (the quote's dates, spec 000 2.8).
 */
export function DateField({
  value,
  onChange,
  label,
  id,
  readOnly = false,
  invalid = false,
  className,
}: {
  value: string;
  onChange: (iso: string) => void;
  /**
   * The field's name, given to the input itself too: a wrapping `<label>` would also name it by the
   * calendar button's and the error's text.
   */
  label: string;
  id?: string;
  readOnly?: boolean;
  /** The form found the date wrong (a required date left empty). */
  invalid?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const [text, setText] = useState(() => dayText(value));
  const [error, setError] = useState(false);
  // The last value this field reported: a different `value` came from outside (a reset, the
  // calendar, previous/next day) and replaces the text; the same one is the user still typing.
  const reported = useRef(value);
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(dayText(value));
      setError(false);
    }
  }, [value]);
  const report = (iso: string) => {
    if (iso === reported.current) return;
    reported.current = iso;
    onChange(iso);
  };
  const choose = (iso: string) => {
    setText(dayText(iso));
    setError(false);
    report(iso);
  };

  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <div className="flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          placeholder={t('date-field.placeholder')}
          aria-label={label}
          aria-invalid={error || invalid || undefined}
          aria-describedby={error ? errorId : undefined}
          readOnly={readOnly}
          className="h-10 w-full min-w-[8.5rem] rounded-md border border-input bg-background px-3 text-base tabular-nums shadow-xs outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive read-only:bg-muted/40 desktop:text-sm"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(false);
            report(parseDayText(e.target.value, false) ?? '');
          }}
          onBlur={() => {
            if (readOnly || !text.trim()) return;
            const iso = parseDayText(text);
            if (iso) choose(iso);
            else setError(true);
          }}
        />
        <CalendarButton label={label} value={value} onChoose={choose} />
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-destructive">
          {t('date-field.invalid')}
        </p>
      )}
    </div>
  );
}

const Calendar = lazy(() => import('./date-field-calendar'));

/** The calendar button; its popover's code is loaded when it is first pressed. */
function CalendarButton(props: { label: string; value: string; onChoose: (iso: string) => void }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      type="button"
      variant="outline"
      size="icon"
      aria-label={t('date-field.calendar', { label: props.label })}
      onClick={() => setWanted(true)}
    >
      <CalendarDays aria-hidden />
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Calendar {...props} />
    </Suspense>
  );
}
