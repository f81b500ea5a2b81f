import './strings.ts';
import { useTranslation } from 'react-i18next';
import { buttonClass, Card } from '../../components/form';
import { errorText } from '../../lib/errors';
import { useTestHeaders } from './api/vat';

/** HMRC's Test Fraud Prevention Headers API, called with the headers a real call carries. */
export function TestHeaders() {
  const { t } = useTranslation();
  const test = useTestHeaders();
  const result = test.data;
  return (
    <Card>
      <p className="text-sm">{t('vat.test-headers.intro')}</p>
      <button type="button" className={buttonClass} disabled={test.isPending} onClick={() => test.mutate()}>
        {t('vat.test-headers.run')}
      </button>
      {test.error && <p role="alert">{errorText(t, test.error)}</p>}
      {result && (
        <div role="status" data-testid="test-headers-result">
          <p className="font-medium">{t('vat.test-headers.result', { code: result.code })}</p>
          <ul className="text-sm">
            {[...(result.errors ?? []), ...(result.warnings ?? [])].map((f) => (
              <li key={`${f.code}-${f.headers.join()}`}>
                {f.code}: {f.headers.join(', ')} ({f.message})
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
