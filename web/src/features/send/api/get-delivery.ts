import type { Send } from '@roundwise/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/http';

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
      api.get<{ report: Send.DeliveryReport; log: SendLogRow[]; skipped: Send.Skipped[] }>(
        `/send/campaigns/${encodeURIComponent(campaignId)}/delivery`,
      ),
    refetchInterval: 5_000,
  });

/** The send log as CSV, downloaded by the browser. */
export const sendLogCsvUrl = (campaignId: string) =>
  `/api/send/campaigns/${encodeURIComponent(campaignId)}/delivery?format=csv`;
