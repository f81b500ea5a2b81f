import './strings.ts';
import { useTranslation } from 'react-i18next';

/** How a backup's date, size and initiator read on the screen, in the user's language. */
export function useBackupLabels() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return {
    when: (iso: string) =>
      new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' }),
    size: (bytes: number) =>
      bytes < 1024
        ? t('backups.size-bytes', { count: bytes })
        : bytes < 1024 * 1024
          ? t('backups.size-kb', { size: (bytes / 1024).toFixed(1) })
          : t('backups.size-mb', { size: (bytes / 1024 / 1024).toFixed(1) }),
    initiator: (task: string) => t(`backups.initiator-${task}`, { defaultValue: task }),
    month: (yyyyMm: string) => new Date(`${yyyyMm}-15T12:00:00`).toLocaleString(language, { month: 'long' }),
    week: (iso: string) =>
      t('backups.week-beginning', {
        date: new Date(`${iso}T12:00:00`).toLocaleDateString(language, { day: 'numeric', month: 'short' }),
      }),
  };
}
