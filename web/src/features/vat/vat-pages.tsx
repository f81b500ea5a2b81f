import './strings.ts';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Submissions } from './submissions';
import { TestHeaders } from './test-headers';
import { Obligations, VatReturn } from './vat-return';
import { VatSetup } from './vat-setup';

export type VatView = 'returns' | 'obligations' | 'setup' | 'submissions' | 'test-headers';

const LINKS: [VatView, string][] = [
  ['returns', 'vat-returns'],
  ['obligations', 'vat-returns/obligations'],
  ['submissions', 'submissions'],
  ['setup', 'vat-returns/setup'],
  ['test-headers', 'test-headers'],
];

/** The balance's VAT pages (Making Tax Digital): the return, obligations, submissions, setup, header test. */
export function VatPages({ view }: { view: VatView }) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="flex flex-wrap gap-3 text-sm" aria-label={t('vat.setup.title')}>
        {LINKS.map(([name, splat]) => (
          <Link
            key={name}
            to="/balance/$"
            params={{ _splat: splat }}
            className={name === view ? 'font-semibold underline' : 'text-muted-foreground hover:underline'}
          >
            {t(`vat.nav.${name}`)}
          </Link>
        ))}
      </nav>
      {view === 'returns' && <VatReturn />}
      {view === 'obligations' && <Obligations />}
      {view === 'setup' && <VatSetup />}
      {view === 'submissions' && <Submissions />}
      {view === 'test-headers' && <TestHeaders />}
    </>
  );
}
