import { useQuery } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/** `GET /api/banking-data/institutions`: id, name, logo, by popularity (spec 000 section 7). */
export const useInstitutions = () =>
  useQuery({
    queryKey: ['banking-data', 'institutions'],
    queryFn: () => answer(api['banking-data'].institutions.$get()),
    staleTime: 5 * 60_000,
  });
