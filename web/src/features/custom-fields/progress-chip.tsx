import './strings.ts';
import { CustomFields } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';

/** 'Complete', or 'n/m Completed' (spec 001 section 4). */
export function ProgressChip({
  schema,
  values,
}: {
  schema: Pick<CustomFields.FieldSchema, 'items'>;
  values: Record<string, CustomFields.Answer> | undefined;
}) {
  const { t } = useTranslation();
  const p = CustomFields.progress(schema, values);
  return (
    <Badge variant={p.complete ? 'default' : 'secondary'} data-testid="progress-chip">
      {p.complete
        ? t('custom-fields.progress-complete')
        : t('custom-fields.progress-completed', { completed: p.done, total: p.total })}
    </Badge>
  );
}
