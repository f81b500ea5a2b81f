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
  const p = CustomFields.progress(schema, values);
  return <ProgressBadge done={p.done} total={p.total} />;
}

/** The chip of `done` items of `total` (several collections added up on a visit list's row). */
export function ProgressBadge({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation();
  const complete = done === total;
  return (
    <Badge variant={complete ? 'default' : 'secondary'} data-testid="progress-chip">
      {complete
        ? t('custom-fields.progress-complete')
        : t('custom-fields.progress-completed', { completed: done, total })}
    </Badge>
  );
}
