import '../strings.ts';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass, secondaryButtonClass } from '../../../components/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useProblem } from '../../../lib/use-problem';

/**
 * The JSON editor dialog (spec 002 section 2.5, panel 6): Format, Save (also Ctrl+S or ⌘S) and
 * Close. It serves the raw theme and Edit Config. JSON that does not parse is not saved: the
 * spec has it only logged; the dialog also says so beside the buttons, or Save would seem dead.
 * `onSave` may refuse parsed JSON with its own message (a rule of what it holds).
 */
export function JsonEditorDialog({
  open,
  onOpenChange,
  title,
  description,
  value,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  value: unknown;
  /** The parsed JSON; returns a message to show when it is refused, else nothing (saved). */
  onSave: (json: unknown) => string | undefined;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useProblem();
  useEffect(() => {
    if (open) {
      setText(JSON.stringify(value, null, 2));
      setProblem(undefined);
    }
  }, [open, value, setProblem]);
  const parsed = (): { ok: true; json: unknown } | { ok: false } => {
    try {
      return { ok: true, json: JSON.parse(text) };
    } catch (error) {
      console.warn('JSON editor: not saved, the JSON does not parse', error);
      setProblem('themes.json-not-saved', { error: (error as Error).message });
      return { ok: false };
    }
  };
  const save = () => {
    const result = parsed();
    if (!result.ok) return;
    const refused = onSave(result.json);
    if (refused) setProblem(refused);
    else onOpenChange(false);
  };
  const format = () => {
    const result = parsed();
    if (result.ok) {
      setText(JSON.stringify(result.json, null, 2));
      setProblem(undefined);
    }
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      save();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onKeyDown={onKeyDown}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description ?? t('themes.json-editor-description')}</DialogDescription>
        </DialogHeader>
        <textarea
          aria-label={t('themes.json')}
          className="h-[50vh] w-full rounded-md border bg-background p-3 font-mono text-xs"
          spellCheck={false}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(undefined);
          }}
        />
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <DialogFooter>
          <button type="button" className={secondaryButtonClass} onClick={format}>
            {t('themes.format')}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => onOpenChange(false)}>
            {t('general.close')}
          </button>
          <button type="button" className={buttonClass} onClick={save}>
            {t('general.save')}
          </button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
