import { Customers } from '@roundwise/core';
// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { Actor } from '@roundwise/core';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { createStore } from 'idb-keyval';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useCommand } from '../commands/use-command.ts';
import { FakeServer } from './fake-server.ts';
import {
  OfflineDataProvider,
  useEntity,
  useEntityList,
  useRefusedCommands,
  useSyncStatus,
} from './hooks.tsx';
import { createOfflineQueryClient, createPersistOptions } from './offline-client.ts';

const actor = (accountId: string): Actor => ({
  userId: 'u1',
  email: 'owner@example.com',
  accountId,
  roles: ['Owner'],
  level: 'Ultimate',
  subscription: 'trial',
  flags: [],
  developerMode: false,
  settings: {},
});

function Screen({ onCreate }: { onCreate?: (create: (name: string) => void) => void }) {
  const status = useSyncStatus();
  const customers = useEntityList<{ name: string }>('customer');
  const create = useCommand(Customers.create);
  const rename = useCommand(Customers.update);
  const { refused, dismiss } = useRefusedCommands();
  onCreate?.((name) => create.mutate({ name }));
  return (
    <div>
      <p data-testid="status">
        {status.state}:{status.pending}
      </p>
      <ul data-testid="customers">
        {customers
          .map((c) => c.name)
          .sort()
          .map((n) => (
            <li key={n}>{n}</li>
          ))}
      </ul>
      <button type="button" onClick={() => create.mutate({ name: `New ${customers.length}` })}>
        add
      </button>
      <button
        type="button"
        onClick={() => customers[0] && rename.mutate({ _id: customers[0]._id, changes: { name: 'Renamed' } })}
      >
        rename
      </button>
      <ul data-testid="refused">
        {refused.map((r) => (
          <li key={r.commandId}>
            {r.name} {r.code}
            <button type="button" onClick={() => dismiss(r.commandId)}>
              dismiss
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function One({ id }: { id: string }) {
  const c = useEntity<{ name: string }>('customer', id);
  return <p data-testid="one">{c?.name ?? 'none'}</p>;
}

function App({
  client,
  store,
  who,
}: {
  client: QueryClient;
  store: ReturnType<typeof createStore>;
  who: Actor;
}) {
  const [persistOptions] = useState(() => createPersistOptions({ buster: 'test', store, throttleMs: 10 }));
  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions}>
      <OfflineDataProvider actor={who} intervalMs={60_000}>
        <Screen />
      </OfflineDataProvider>
    </PersistQueryClientProvider>
  );
}

function Two(props: {
  client: QueryClient;
  persistOptions: ReturnType<typeof createPersistOptions>;
  who: Actor;
  id: string;
}) {
  return (
    <PersistQueryClientProvider client={props.client} persistOptions={props.persistOptions}>
      <OfflineDataProvider actor={props.who}>
        <One id={props.id} />
      </OfflineDataProvider>
    </PersistQueryClientProvider>
  );
}

const text = (id: string) => screen.getByTestId(id).textContent;

beforeEach(() => onlineManager.setOnline(true));
afterEach(cleanup);

describe('hooks over a fake server', () => {
  it('shows synced data, optimistic commands, the pending count offline, and synced again after a reload', async () => {
    const server = new FakeServer(actor('a1'));
    await server.run('customers.create', { name: 'Ann' });
    await server.run('customers.create', { name: 'Bob' });
    const store = createStore('hooks-1', 'cache');
    const fast = { transport: server.transport(), retryDelay: () => 5 };

    const client = createOfflineQueryClient(fast);
    render(<App client={client} store={store} who={actor('a1')} />);
    await waitFor(() => expect(text('customers')).toBe('AnnBob'));
    await waitFor(() => expect(text('status')).toBe('synced:0'));

    // Offline: two commands show at once and wait.
    server.online = false;
    act(() => onlineManager.setOnline(false));
    await act(async () => screen.getByText('add').click());
    await act(async () => screen.getByText('add').click());
    await waitFor(() => expect(text('customers')).toBe('AnnBobNew 2New 3'));
    await waitFor(() => expect(text('status')).toBe('offline:2'));
    expect(server.received.size).toBe(2); // only the other device's two
    await new Promise((r) => setTimeout(r, 50)); // let the throttled save run
    cleanup();

    // Reload: a new client restored from the same IndexedDB keeps the data and the queue.
    const client2 = createOfflineQueryClient(fast);
    render(<App client={client2} store={store} who={actor('a1')} />);
    await waitFor(() => expect(text('customers')).toBe('AnnBobNew 2New 3'));
    await waitFor(() => expect(text('status')).toBe('offline:2'));

    server.online = true;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(text('status')).toBe('synced:0'));
    expect([...server.received.values()]).toEqual([1, 1, 1, 1]); // 2 by the other device, 2 replayed once
    const names = (await server.store.list<{ name: string }>('customer')).map((c) => c.name).sort();
    expect(names).toEqual(['Ann', 'Bob', 'New 2', 'New 3']);
    expect(text('customers')).toBe('AnnBobNew 2New 3');
  });

  it('lists a refused command and rolls it back; dismiss removes it', async () => {
    const server = new FakeServer(actor('a2'));
    const { _id } = (await server.run('customers.create', { name: 'Cara' })).result as { _id: string };
    const client = createOfflineQueryClient({ transport: server.transport(), retryDelay: () => 5 });
    render(<App client={client} store={createStore('hooks-2', 'cache')} who={actor('a2')} />);
    await waitFor(() => expect(text('customers')).toBe('Cara'));
    // The server deletes Cara meanwhile; our rename (queued offline) is refused on replay.
    server.online = false;
    act(() => onlineManager.setOnline(false));
    await act(async () => screen.getByText('rename').click());
    await waitFor(() => expect(text('customers')).toBe('Renamed'));
    await server.store.remove('customer', _id);
    server.online = true;
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(text('refused')).toContain('customers.update customers.not-found'));
    await waitFor(() => expect(text('status')).toBe('synced:0'));
    expect(text('customers')).toBe('');
    await act(async () => screen.getByText('dismiss').click());
    await waitFor(() => expect(text('refused')).toBe(''));
  });

  it('useEntity follows one entity; another account sees none of it', async () => {
    const server = new FakeServer(actor('a3'));
    const { _id } = (await server.run('customers.create', { name: 'Dee' })).result as { _id: string };
    const client = createOfflineQueryClient({ transport: server.transport() });
    const persistOptions = createPersistOptions({ buster: 't', store: createStore('hooks-3', 'cache') });
    const view = render(<Two client={client} persistOptions={persistOptions} who={actor('a3')} id={_id} />);
    await waitFor(() => expect(text('one')).toBe('Dee'));
    view.rerender(<Two client={client} persistOptions={persistOptions} who={actor('other')} id={_id} />);
    await waitFor(() => expect(text('one')).toBe('none'));
  });
});
