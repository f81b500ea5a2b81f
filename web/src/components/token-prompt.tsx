import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from './form';
import { Button } from './ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './ui/dialog';

/** Asks for a value for each `[token=?]` of a message (spec 001 section 2.10), all in one form. */
export function TokenPrompt({
  tokens,
  onDone,
  onCancel,
}: {
  tokens: readonly string[];
  onDone: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const complete = tokens.every((name) => (values[name] ?? '').trim() !== '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog is portalled out of the message form, but React still bubbles its submit there.
    e.stopPropagation();
    if (complete) onDone(values);
  };
  return (
    <Dialog open={tokens.length > 0} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('messages.token-title')}</DialogTitle>
            <DialogDescription>{t('messages.token-description')}</DialogDescription>
          </DialogHeader>
          {tokens.map((name, i) => (
            <Field key={name} label={t('messages.token-prompt', { token: name })}>
              <input
                className={inputClass}
                autoFocus={i === 0}
                value={values[name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              />
            </Field>
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('general.cancel')}
            </Button>
            <Button type="submit" disabled={!complete}>
              {t('general.ok')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
