import '../strings.ts';
import type { Portal } from '@roundwise/core';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { iframeSnippet, layoutSnippet } from '../../../../widgets/src/embed-code';
import { secondaryButtonClass } from '../../../components/form';
import { useEntity } from '../../../lib/sync/hooks';

/**
 * What the business pastes on its own site (docs/portal.md, "Installing it on a web site"): the
 * script with the published layout's place held, and the frame for site builders that take no
 * script. Each with a Copy button.
 */
export function EmbedSnippet({ handle }: { handle: string }) {
  const { t } = useTranslation();
  const published = useEntity<Portal.PublishedLayout>('portalPublished', 'published');
  const origin = window.location.origin;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-medium">{t('directory.embed-title')}</h3>
      <p className="text-xs text-muted-foreground">{t('directory.embed-hint')}</p>
      <Snippet
        label={t('directory.embed-script')}
        code={layoutSnippet(origin, handle, published?.layout ?? [])}
      />
      <Snippet label={t('directory.embed-iframe')} code={iframeSnippet(origin, handle)} />
    </div>
  );
}

function Snippet({ label, code }: { label: string; code: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(code);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="flex items-center justify-between text-xs font-medium">
        {label}
        <button type="button" className={secondaryButtonClass} onClick={copy}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? t('directory.copied') : t('directory.copy')}
        </button>
      </figcaption>
      {/* A read-only field: it scrolls and a keyboard reaches it, and a click selects it all. */}
      <textarea
        readOnly
        aria-label={label}
        rows={5}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className="w-full resize-none rounded-md border bg-muted p-2 font-mono text-xs"
      />
    </figure>
  );
}
