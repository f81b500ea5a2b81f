import './strings.ts';
import { useTranslation } from 'react-i18next';
import { dayLabel, useMoney } from '../../lib/format';
import type { Person } from '../../lib/people';

/** A field's value as a notice shows it: money, a day, people's names, an address, a list. */
export function useValueText(people: Person[]) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  return (field: string, value: unknown): string => {
    if (value === undefined || value === null || value === '') return t('conflicts.empty');
    if (field === 'price' && typeof value === 'number') return money(value);
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return dayLabel(value, i18n.language, 'long');
    if (field === 'assignees' && Array.isArray(value)) {
      if (value.length === 0) return t('conflicts.empty');
      return value.map((id) => people.find((p) => p.userId === id)?.name ?? id).join(', ');
    }
    if (Array.isArray(value)) return value.length ? value.join(', ') : t('conflicts.empty');
    if (typeof value === 'boolean') return value ? t('conflicts.yes') : t('conflicts.no');
    if (typeof value === 'object' && 'addressDescription' in value) return String(value.addressDescription);
    return String(value);
  };
}
