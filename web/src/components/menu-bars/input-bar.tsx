import './strings.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, barButton } from './bar';

/** Spec 000 section 2.2, input bar: one text field and a submit button (quick add). */
export function InputBar({
  placeholder,
  submitLabel,
  onSubmit,
}: {
  placeholder: string;
  submitLabel: string;
  onSubmit: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return;
    onSubmit(value.trim());
    setValue('');
  };
  return (
    <Bar label={t('menu.input')}>
      <form onSubmit={submit} className="flex w-full items-center gap-2">
        <input
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={placeholder}
          aria-label={placeholder}
          className="h-9 min-w-0 flex-1 rounded-md border bg-background px-3 text-sm"
        />
        <button type="submit" className={barButton}>
          {submitLabel}
        </button>
      </form>
    </Bar>
  );
}
