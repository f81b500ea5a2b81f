import { useMutation } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';

/**
 * `POST /api/banking-data/connections` `{ code }`: the bank's code made into a connection, under an
 * `Idempotency-Key` made once per code, so a retried request connects once.
 */
export const useConnectBank = () =>
  useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }) =>
      answer(
        api['banking-data'].connections.$post({ json: { code } }, { headers: { 'idempotency-key': key } }),
      ),
  });
