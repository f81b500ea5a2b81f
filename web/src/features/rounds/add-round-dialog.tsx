import './strings.ts';
import { newId, Rounds } from '@roundwise/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, inputClass } from '../../components/form';
import { Button } from '../../components/ui/button';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useCommand } from '../../lib/commands/use-command';
import { toast } from '../../lib/toast';
import { useProblem } from '../../lib/use-problem';
import { ColourSwatches, ROUND_COLOURS } from './colour-swatches';

/** Adds a round: a name (not blank, not taken, trimmed; spec 000 section 5) and a colour. */
export function AddRoundDialog({ taken, onAdded }: { taken: string[]; onAdded: (id: string) => void }) {
  const { t } = useTranslation();
  const create = useCommand(Rounds.create);
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(ROUND_COLOURS[taken.length % ROUND_COLOURS.length] as string);
  const [error, setError] = useProblem();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('rounds.enter-round');
    if (taken.some((n) => Rounds.sameRoundName(n, name))) return setError('rounds.round-already-exists');
    const _id = newId();
    create.mutate(
      { _id, description: name, color },
      {
        onError: (err) => {
          const code = (err as { code?: string }).code;
          toast.error(t(code?.startsWith('rounds.') ? code : 'rounds.error-adding-round'));
        },
      },
    );
    onAdded(_id);
  };
  return (
    <DialogContent>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <DialogHeader>
          <DialogTitle>{t('rounds.add')}</DialogTitle>
          <DialogDescription>{t('rounds.add-description')}</DialogDescription>
        </DialogHeader>
        <Field label={t('rounds.name')} error={error}>
          <input
            className={inputClass}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            maxLength={100}
            // biome-ignore lint/a11y/noAutofocus: the one field of a dialog the user just opened
            autoFocus
          />
        </Field>
        <ColourSwatches value={color} onChange={setColor} />
        <DialogFooter>
          <Button type="submit">{t('rounds.add')}</Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
