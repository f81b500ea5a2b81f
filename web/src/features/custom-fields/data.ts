import { CustomFields } from '@roundwise/core';
import { useMemo } from 'react';
import { useEntityList } from '../../lib/sync/hooks';

export type Schema = CustomFields.FieldSchema;
const COMPLETION = 'job-occurrence-completion';
export type Values = CustomFields.FieldValues;

/** The account's collections (archived ones left out), templates, links and answers, from the device. */
export function useFieldsData() {
  const schemas = useEntityList<Schema>('fieldSchema');
  const linkers = useEntityList<CustomFields.FieldLinker>('fieldLinker');
  const values = useEntityList<Values>('fieldValues');
  return useMemo(() => {
    const live = schemas.filter((s) => !s.deleted).sort((a, b) => a.title.localeCompare(b.title));
    return {
      schemas: live.filter((s) => !s.isTemplate),
      templates: live.filter((s) => s.isTemplate),
      linkerOf: (type: string) => linkers.find((l) => l._id === CustomFields.globalLinkerId(type)),
      /** Whether a collection is enabled for some record type (the global dialog). */
      enabled: (schemaId: string) =>
        linkers.some((l) => l.parentType === 'global' && l.schemaIds.includes(schemaId)),
      /** The collections offered on a visit: enabled for visit completion, or for its job. */
      offeredOnVisit: (jobId: string) =>
        CustomFields.offered(
          live,
          [CustomFields.globalLinkerId(COMPLETION), CustomFields.jobLinkerId(jobId)].map((id) =>
            linkers.find((l) => l._id === id),
          ),
          COMPLETION,
        ),
      values,
    };
  }, [schemas, linkers, values]);
}

/** Words matched against a collection's title and description (every word must match). */
export function matches(search: string, ...texts: string[]): boolean {
  const hay = texts.join(' ').toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((w) => hay.includes(w));
}
