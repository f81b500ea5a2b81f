import './strings.ts';
import type { Vat } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/form';
import { useEntityList } from '../../lib/sync/hooks';
import { BoxesTable, ReturnStatus } from './vat-return';

/** The returns sent to HMRC, newest period first, each with its boxes and receipt. */
export function Submissions() {
  const { t } = useTranslation();
  const returns = [...useEntityList<Vat.VatReturn>('vatReturn')].sort((a, b) => b.end.localeCompare(a.end));
  if (returns.length === 0)
    return (
      <Card>
        <p>{t('vat.no-submissions')}</p>
      </Card>
    );
  return (
    <>
      {returns.map((r) => (
        <Card key={r._id} data-testid="vat-submission">
          <h2 className="font-semibold">{t('vat.period', { start: r.start, end: r.end })}</h2>
          <ReturnStatus ret={r} />
          <BoxesTable boxes={r.boxes} />
        </Card>
      ))}
    </>
  );
}
