import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '../../../lib/http';
import { browserFraudHeaders } from '../fraud';

/** `GET /api/vat/connection`: whether this deployment has HMRC and this business granted authority. */
export const connectionQuery = queryOptions({
  queryKey: ['vat', 'connection'],
  queryFn: () => answer(api.vat.connection.$get()),
});

/** `GET /api/vat/obligations`: HMRC's periods, open and fulfilled, between two days. */
export const obligationsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['vat', 'obligations', from, to],
    queryFn: () =>
      answer(api.vat.obligations.$get({ query: { from, to } }, { headers: browserFraudHeaders() })),
  });

/** To HMRC's page, to grant authority (it sends the browser back to the setup page). */
export function useConnect() {
  return useMutation({
    mutationFn: () => answer(api.vat.oauth.start.$post()),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useDisconnect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.vat.connection.$delete()),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vat'] }),
  });
}

export interface Submission {
  periodKey: string;
  start: string;
  end: string;
  boxes: Record<string, number>;
  finalised: boolean;
}

/**
 * `POST /api/vat/returns` under one key per reviewed return (`key`), so a retry after no answer is
 * the same submission; the server records it and sends it to HMRC from its outbox.
 */
export function useSubmitReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...json }: Submission & { key: string }) =>
      answer(
        api.vat.returns.$post({ json }, { headers: { ...browserFraudHeaders(), 'idempotency-key': key } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vat', 'obligations'] }),
  });
}

/** `POST /api/vat/test-headers`: HMRC's test of the headers this browser and server send. */
export function useTestHeaders() {
  return useMutation({
    mutationFn: () => answer(api.vat['test-headers'].$post({}, { headers: browserFraudHeaders() })),
  });
}
