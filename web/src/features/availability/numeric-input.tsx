import './strings.ts';
import { useEffect, useState } from 'react';
import { inputClass } from '../../components/form';

/**
 * Spec 001 section 5, "Availability inputs": only numbers are taken (other keys are ignored), and on
 * blur the field shows the stored value again, so what it shows is always what is kept.
 */
export function NumericInput({
  value,
  label,
  onCommit,
  placeholder,
}: {
  value: number | undefined;
  label: string;
  onCommit: (hours: number) => void;
  placeholder?: string;
}) {
  const stored = value === undefined ? '' : String(value);
  const [text, setText] = useState(stored);
  useEffect(() => setText(stored), [stored]);
  return (
    <input
      inputMode="decimal"
      aria-label={label}
      placeholder={placeholder}
      className={`${inputClass} h-9 px-2 text-center`}
      value={text}
      onChange={(e) => {
        if (/^\d{0,2}(\.\d{0,2})?$/.test(e.target.value)) setText(e.target.value);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.currentTarget.blur();
      }}
      onBlur={() => {
        const hours = Number(text);
        if (text !== '' && text !== stored && hours >= 0 && hours <= 24) onCommit(hours);
        setText(stored);
      }}
    />
  );
}
