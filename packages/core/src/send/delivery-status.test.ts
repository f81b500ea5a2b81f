import { describe, expect, it } from 'vitest';
import type { Notification } from '../notifications/schema.ts';
import { campaignStatus, deliveryReport } from './delivery-status.ts';

const h = (...statuses: string[]) =>
  statuses.map((status, i) => ({ status, timestamp: `2026-01-01T00:00:0${i}Z` }));
const n = (type: Notification['type'], ...statuses: string[]) => ({
  type,
  statusHistory: h('pending', ...statuses),
});

describe('campaignStatus (spec 002 section 4: click > open > delivered > failed > sent)', () => {
  it.each([
    [[], 'pending'],
    [['sent'], 'sent'],
    [['sent', 'failed'], 'failed'],
    [['sent', 'bounce'], 'failed'],
    [['spamreport'], 'failed'],
    [['sent', 'delivered', 'bounce'], 'delivered'],
    [['delivered', 'sent'], 'delivered'],
    [['open'], 'open'],
    [['sent', 'dropped', 'click'], 'click'],
    [['click', 'open', 'delivered'], 'click'],
  ])('%j is %s', (events, expected) => {
    expect(campaignStatus({ statusHistory: h('pending', ...events) })).toBe(expected);
  });

  it('counts only the current attempt', () => {
    expect(campaignStatus({ statusHistory: h('pending', 'failed', 'pending', 'sent') })).toBe('sent');
  });
});

describe('deliveryReport', () => {
  it('counts with the implications, and failures by their reason', () => {
    const report = deliveryReport('c1', [
      n('Email', 'sent', 'click'),
      n('Email', 'sent', 'delivered', 'open'),
      n('Email', 'sent', 'delivered'),
      n('Email', 'sent', 'bounce'),
      n('Email', 'failed'),
      n('Email'),
      n('SMS', 'sent', 'delivered'),
      n('SMS', 'sent'),
      n('SMS', 'sent', 'failed'),
    ]);
    expect(report.total).toBe(9);
    expect(report.email).toEqual({
      sent: 4,
      delivered: 3,
      open: 2,
      click: 1,
      failed: 2,
      bounce: 1,
      dropped: 0,
      spamreport: 0,
    });
    expect(report.sms).toEqual({ sent: 3, delivered: 1, click: 0, failed: 1 });
  });
});
