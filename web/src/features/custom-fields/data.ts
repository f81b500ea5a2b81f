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
    const linkerById = new Map(linkers.map((l) => [l._id, l]));
    // A visit list asks for 150 records' answers at once: by id, not a scan each.
    const valuesById = new Map(values.map((v) => [v._id, v]));
    return {
      schemas: live.filter((s) => !s.isTemplate),
      templates: live.filter((s) => s.isTemplate),
      linkerOf: (type: string) => linkerById.get(CustomFields.globalLinkerId(type)),
      /** Whether a collection is enabled for some record type (the global dialog). */
      enabled: (schemaId: string) =>
        linkers.some((l) => l.parentType === 'global' && l.schemaIds.includes(schemaId)),
      /** The collections offered on a visit: enabled for visit completion, or for its job. */
      offeredOnVisit: (jobId: string) => offeredOn(COMPLETION, jobId),
      /**
       * The collections offered on a record of a kind: enabled for the kind (the global dialog),
       * and on a job or a visit also those enabled for its job (the job's dialog).
       */
      offeredOn,
      /** The job's own list (its dialog): the collections enabled on this job and its visits. */
      jobLinker: (jobId: string) => linkerById.get(CustomFields.jobLinkerId(jobId)),
      /** One record's answers to a collection, by the values' id (`CustomFields.valuesId`). */
      valuesOf: (schemaId: string, targetObjectId: string) =>
        valuesById.get(CustomFields.valuesId(schemaId, targetObjectId)),
      values,
    };
    function offeredOn(target: CustomFields.Target, jobId?: string) {
      const ids = [CustomFields.globalLinkerId(target)];
      if (jobId) ids.push(CustomFields.jobLinkerId(jobId));
      return CustomFields.offered(
        live,
        ids.map((id) => linkerById.get(id)),
        target,
      );
    }
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
