import { lazy } from 'react';
import type { Visit } from '../../lib/schedule';

// Vite lists a lazy module's chunks where its `import()` is written: written here, not in the
// schedule's route, that list comes with this small chunk and not with the Owner's first screen.
const Fields = lazy(() => import('./visit-fields').then((m) => ({ default: m.VisitFields })));

/** A visit's custom fields, loaded when first shown (the schedule's detail of a visit). */
export function VisitFieldsLoader({ item }: { item: Visit }) {
  return <Fields item={item} />;
}
