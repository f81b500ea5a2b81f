import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/**
 * `POST /api/banking-data/imports` `{ paymentAccountId, text }`: a CSV or OFX statement imported,
 * each line once; the key is made once per chosen file, so a retry imports it once.
 */
export const useImportFile = () =>
  useMutation({
    mutationFn: ({ paymentAccountId, text, key }: { paymentAccountId: string; text: string; key: string }) =>
      answer(
        api['banking-data'].imports.$post(
          { json: { paymentAccountId, text } },
          { headers: { 'idempotency-key': key } },
        ),
      ),
  });
