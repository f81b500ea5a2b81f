import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, Field, inputClass, secondaryButtonClass } from '../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';

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
  const [error, setError] = useState<string>();
  // Each opening starts from `initial` as it is then: a quote's number and link come with the
  // server's answer, after the screen first showed.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setValue(initial);
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) setValue(initial);
        setError(undefined);
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
              setError(t(requiredKey));
              return;
            }
            onAnswer(value);
            onOpenChange(false);
          }}
        >
          {children}
          {label && (
            <Field label={label} error={error}>
              {multiline ? (
                <textarea
                  rows={6}
                  className={`${inputClass} h-auto py-2`}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              ) : (
                <input
                  className={inputClass}
                  type={type}
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
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
