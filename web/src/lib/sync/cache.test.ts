import { type Change, type Entity, errorFromAnswer, offline, Sync } from '@roundwise/core';
import { testActor } from '@roundwise/core/testing';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isRefusal, isTransient } from '../errors.ts';
import {
  applyChanges,
  cachedEntity,
  type EntitySet,
  entitiesKey,
  getEntitySet,
  restoreEntity,
  setSyncState,
} from './cache.ts';

const c = (id: string, _version: number, extra: Record<string, unknown> = {}): Change => ({
  type: 'customer',
  entity: { _id: id, _version, _updatedAt: `t${_version}`, ...extra } as Entity,
});
const set = (client: QueryClient) => client.getQueryData<EntitySet>(entitiesKey('a', 'customer'))!;

describe('applyChanges', () => {
  it('keeps the higher version; a sync page never overwrites an equal (optimistic) version', () => {
    const client = new QueryClient();
    applyChanges(client, 'a', [c('x', 2, { name: 'two' })], 'newer');
    const lost = applyChanges(
      client,
      'a',
      [c('x', 1, { name: 'one' }), c('x', 2, { name: 'other' })],
      'newer',
    );
    expect(lost).toHaveLength(2);
    expect(set(client).byId.x).toMatchObject({ name: 'two' });
    // The server's answer to a command wins at an equal version.
    applyChanges(client, 'a', [c('x', 2, { name: 'server' })], 'server');
    expect(set(client).byId.x).toMatchObject({ name: 'server' });
  });

  it('a tombstone removes the entity and blocks an older copy coming back', () => {
    const client = new QueryClient();
    applyChanges(client, 'a', [c('x', 1), c('x', 2, { _deleted: true })], 'newer');
    expect(set(client).byId.x).toBeUndefined();
    expect(set(client).gone.x).toBe(2);
    applyChanges(client, 'a', [c('x', 1)], 'newer');
    expect(set(client).byId.x).toBeUndefined();
    expect(cachedEntity(client, 'a', 'customer', 'x')).toMatchObject({ _deleted: true, _version: 2 });
  });

  it('copies a type once per batch and keeps untouched entities and types as they were', () => {
    const client = new QueryClient();
    applyChanges(client, 'a', [c('x', 1), c('y', 1)], 'newer');
    applyChanges(
      client,
      'a',
      [{ type: 'round', entity: { _id: 'r', _version: 1, _updatedAt: '' } as Entity }],
      'newer',
    );
    const before = set(client);
    const rounds = client.getQueryData(entitiesKey('a', 'round'));
    applyChanges(client, 'a', [c('x', 2), c('x', 3)], 'newer');
    const after = set(client);
    expect(after).not.toBe(before);
    expect(after.byId.y).toBe(before.byId.y);
    expect(client.getQueryData(entitiesKey('a', 'round'))).toBe(rounds);
    // Nothing applied: nothing copied.
    applyChanges(client, 'a', [c('x', 1)], 'newer');
    expect(set(client)).toBe(after);
  });

  it('accounts are separate', () => {
    const client = new QueryClient();
    applyChanges(client, 'a', [c('x', 1)], 'newer');
    expect(client.getQueryData(entitiesKey('b', 'customer'))).toBeUndefined();
  });

  it('restoreEntity puts back the earlier copy, or removes a create', () => {
    const client = new QueryClient();
    applyChanges(client, 'a', [c('x', 2, { name: 'new' }), c('y', 1)], 'local');
    restoreEntity(client, 'a', 'customer', 'x', c('x', 1, { name: 'old' }).entity);
    restoreEntity(client, 'a', 'customer', 'y', undefined);
    expect(set(client).byId.x).toMatchObject({ name: 'old', _version: 1 });
    expect(set(client).byId.y).toBeUndefined();
  });
});

describe('error classes', () => {
  it('retries network, 401, 409, 429 and 5xx; refusals are the other 4xx', () => {
    for (const s of [401, 408, 409, 429, 500, 502, 503])
      expect(isTransient(errorFromAnswer(s, { code: 'x' }))).toBe(true);
    for (const s of [400, 403, 404, 413]) expect(isRefusal(errorFromAnswer(s, { code: 'x' }))).toBe(true);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransient(offline())).toBe(true);
    expect(isRefusal(errorFromAnswer(400, { code: 'rounds.enter-round', params: {} }))).toBe(true);
  });
});

describe('restoreEntity under a view (a role changed while a command waited)', () => {
  it('puts back only what the view holds: a card, not the whole customer; no invoice', () => {
    const client = new QueryClient();
    setSyncState(client, 'a', {
      cursor: undefined,
      loaded: true,
      view: Sync.viewFor(testActor({ accountId: 'a', roles: ['Worker'] })),
    });
    restoreEntity(client, 'a', 'customer', 'x', c('x', 2, { name: 'Ann', notes: 'Key' }).entity);
    expect(set(client).byId.x).toEqual({ _id: 'x', _version: 2, _updatedAt: 't2', name: 'Ann' });
    const invoice = { _id: 't', _version: 1, _updatedAt: '', amount: 5 } as Entity;
    restoreEntity(client, 'a', 'transaction', 't', invoice);
    expect(getEntitySet(client, 'a', 'transaction').byId).toEqual({});
  });
});
