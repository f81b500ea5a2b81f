import type { Send } from '@roundwise/core';
import { queryOptions } from '@tanstack/react-query';
import { answer, api, apiHref } from '../../../lib/http';

export interface SendLogRow {
  notificationId: string;
  customerId: string;
  addressee: string;
  method: 'Email' | 'SMS';
  address: string;
  createdDate: string;
  sentAt: string;
  status: Send.CampaignDeliveryStatus;
}

/** A campaign's delivery statistics and send log (`GET /api/send/campaigns/{id}/delivery`), refreshed while open. */
export const deliveryQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['send', 'delivery', campaignId],
    queryFn: () =>
      answer(api.send.campaigns[':id'].delivery.$get({ param: { id: encodeURIComponent(campaignId) } })),
    refetchInterval: 5_000,
  });

/** The send log as CSV, downloaded by the browser (the route's `?format=csv`). */
export const sendLogCsvUrl = (campaignId: string) =>
  `${apiHref(api.send.campaigns[':id'].delivery.$path({ param: { id: encodeURIComponent(campaignId) } }))}?format=csv`;
