import './strings.ts';
import { Schedule } from '@roundwise/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { type Person, personName } from '../../lib/people';
import type { Visit } from '../../lib/schedule';
import { useProblem } from '../../lib/use-problem';
import type { VisitActions } from './use-visit-actions';

export type VisitDialogKind = 'skip' | 'price' | 'notes' | 'assign' | 'move';
export interface VisitDialogState {
  kind: VisitDialogKind;
  item: Visit;
  /** The customer's name, for the dialog's description. */
  name: string;
}

/** The dialogs that ask for a value before a visit's command: skip reason, price, notes, assignees, date. */
export function VisitDialog({
  state,
  onClose,
  actions,
  people = [],
}: {
  state: VisitDialogState | undefined;
  onClose: () => void;
  actions: VisitActions;
  people?: Person[];
}) {
  return (
    <Dialog open={!!state} onOpenChange={(open) => !open && onClose()}>
      {state && (
        <DialogContent>
          <Body state={state} onClose={onClose} actions={actions} people={people} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function Body({
  state,
  onClose,
  actions,
  people,
}: {
  state: VisitDialogState;
  onClose: () => void;
  actions: VisitActions;
  people: Person[];
}) {
  const { t } = useTranslation();
  const { kind, item } = state;
  const [text, setText] = useState(() =>
    kind === 'price'
      ? item.price.toFixed(2)
      : kind === 'notes'
        ? (item.notes ?? '')
        : kind === 'move'
          ? item.isoPlannedDate
          : '',
  );
  const [chosen, setChosen] = useState<string[]>(item.assignees);
  const [error, setError] = useProblem();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (kind === 'skip') {
      if (!text.trim()) return setError('visits.enter-skip-reason');
      actions.skip(item, text.trim());
    } else if (kind === 'price') {
      const price = Number(text.replace(/[£,\s]/g, ''));
      if (!text.trim() || !Number.isFinite(price) || price < 0) return setError('visits.price-not-negative');
      actions.reprice(item, Math.round(price * 100) / 100);
    } else if (kind === 'notes') {
      actions.notes(item, text);
    } else if (kind === 'move') {
      if (!Schedule.isIsoDate(text)) return setError('validation.date-invalid');
      if (text !== item.isoPlannedDate) actions.move(item, text);
    } else {
      actions.assign(item, chosen);
    }
    onClose();
  };

  const field = `visit-${kind}`;
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t(`schedule.dialog-${kind}-title`)}</DialogTitle>
        <DialogDescription>{t(`schedule.dialog-${kind}-text`, { name: state.name })}</DialogDescription>
      </DialogHeader>
      {kind === 'assign' ? (
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('schedule.assignees')}</legend>
          {people.map((p) => (
            <Label key={p.userId} className="flex items-center gap-3 font-normal">
              <Checkbox
                checked={chosen.includes(p.userId)}
                onCheckedChange={(on) =>
                  setChosen((c) => (on === true ? [...c, p.userId] : c.filter((id) => id !== p.userId)))
                }
              />
              {personName(p, p.userId, t)}
            </Label>
          ))}
        </fieldset>
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor={field}>{t(`schedule.dialog-${kind}-label`)}</Label>
          {kind === 'skip' || kind === 'notes' ? (
            <Textarea
              id={field}
              value={text}
              autoFocus
              rows={kind === 'notes' ? 5 : 3}
              maxLength={kind === 'skip' ? 500 : 10000}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              aria-invalid={!!error}
            />
          ) : kind === 'move' ? (
            <DateField
              id={field}
              label={t('schedule.dialog-move-label')}
              value={text}
              invalid={!!error}
              onChange={(iso) => {
                setText(iso);
                setError(undefined);
              }}
            />
          ) : (
            <Input
              id={field}
              inputMode={kind === 'price' ? 'decimal' : undefined}
              value={text}
              autoFocus
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
              aria-invalid={!!error}
            />
          )}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('general.cancel')}
        </Button>
        <Button type="submit">{t(`schedule.dialog-${kind}-save`)}</Button>
      </DialogFooter>
    </form>
  );
}
