import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useProblem } from '../../lib/use-problem';
import { useResetOnOpen } from '../../lib/use-reset-on-open';

/**
 * A small question with one text answer (a decline reason, a date sent, a new owner, a message):
 * shown while `open`, answered once with `onAnswer`. `required` refuses a blank answer with `requiredKey`.
 */
export function PromptDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  initial = '',
  type = 'text',
  multiline = false,
  requiredKey,
  confirm,
  onAnswer,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  label?: string;
  initial?: string;
  type?: 'text' | 'date';
  multiline?: boolean;
  requiredKey?: string;
  confirm: string;
  onAnswer: (value: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [error, setError] = useProblem();
  // Filled as it opens, not as it was first drawn: a quote's message takes the number the server
  // gave it after this dialog was drawn (it was "Your quote  for £130.00" without this).
  useResetOnOpen(open, () => {
    setValue(initial);
    setError(undefined);
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
      }}
    >
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description && <DialogDescription>{description}</DialogDescription>}
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (requiredKey && !value.trim()) {
              setError(requiredKey);
              return;
            }
            onAnswer(value);
            onOpenChange(false);
          }}
        >
          {children}
          {label && (
            <Field label={label} error={error}>
              {type === 'date' ? (
                <DateField label={label} value={value} onChange={setValue} />
              ) : multiline ? (
                <textarea
                  rows={6}
                  className={`${inputClass} h-auto py-2`}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              ) : (
                <input className={inputClass} value={value} onChange={(e) => setValue(e.target.value)} />
              )}
            </Field>
          )}
          <DialogFooter>
            <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
              {t('general.cancel')}
            </button>
            <button type="submit" className={buttonClass}>
              {confirm}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
