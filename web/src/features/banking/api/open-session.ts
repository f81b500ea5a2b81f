import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/**
 * `POST /api/banking-data/sessions` `{ institutionId }`: the answer's `url` is the bank's consent
 * page, opened in the same window (spec 000 section 7); it comes back to `connected-service`.
 */
export const useOpenSession = () =>
  useMutation({
    mutationFn: async (institutionId: string) => {
      const { url } = await answer(api['banking-data'].sessions.$post({ json: { institutionId } }));
      window.location.assign(url);
    },
  });
