import type { Send } from '@roundwise/core';
import { useTranslation } from 'react-i18next';
import { Paged } from './paged';

/** The audience members a published campaign did not reach, each with why (the delivery report's). */
export function SkippedList({ skipped }: { skipped: readonly Send.Skipped[] }) {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col gap-2"
      aria-label={t('send.skipped-title', { count: skipped.length })}
      data-testid="skipped"
    >
      <h2 className="font-medium">{t('send.skipped-title', { count: skipped.length })}</h2>
      <Paged
        items={skipped.map((k) => ({ ...k, _id: `${k.customerId}-${k.method}` }))}
        size={10}
        empty={t('send.skipped-none')}
      >
        {(k) => (
          <div className="flex flex-wrap items-center gap-x-2">
            <span className="flex-1">{k.name}</span>
            <span className="text-sm text-muted-foreground">
              {t(`send.method-${k.method}`)}: {t(`send.skip-${k.reason}`)}
            </span>
          </div>
        )}
      </Paged>
    </section>
  );
}
