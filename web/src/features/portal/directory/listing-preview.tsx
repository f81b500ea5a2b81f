import '../strings.ts';
import { Portal } from '@roundwise/core';
import { Mail, MapPin, Phone } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { DirectoryDraft } from './directory-draft';

/**
 * The listing as the public page heads it (banner, logo, name, description, the contacts shown),
 * in the entry's theme colours: what the owner is about to publish.
 */
export function ListingPreview({ entry }: { entry: DirectoryDraft }) {
  const vars = Portal.themeVariables(entry.config.themeOptions) as CSSProperties;
  return (
    <article
      data-testid="listing-preview"
      style={{
        ...vars,
        background: 'var(--rw-page)',
        color: 'var(--rw-text)',
        borderRadius: 'var(--rw-radius)',
      }}
      className="overflow-hidden border"
    >
      {entry.banner ? (
        <img src={entry.banner} alt="" className="h-32 w-full object-cover" />
      ) : (
        <div className="h-16" style={{ background: 'var(--rw-primary)' }} />
      )}
      <div className="flex flex-col gap-2 p-4">
        <div className="flex items-center gap-3">
          {entry.logo && <img src={entry.logo} alt="" className="size-12 rounded object-cover" />}
          <h3 className="text-xl font-semibold">{entry.businessName}</h3>
        </div>
        {entry.summary && <p className="whitespace-pre-line text-sm">{entry.summary}</p>}
        <ul className="flex flex-col gap-1 text-sm" style={{ color: 'var(--rw-muted)' }}>
          {entry.telephone && (
            <li className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden /> {entry.telephone}
            </li>
          )}
          {entry.email && (
            <li className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden /> {entry.email}
            </li>
          )}
          {entry.addressDescription && (
            <li className="flex items-center gap-2">
              <MapPin className="size-4" aria-hidden /> {entry.addressDescription}
            </li>
          )}
        </ul>
      </div>
    </article>
  );
}
