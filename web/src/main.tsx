import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

type Health = { ok: boolean; components: Record<string, { ok: boolean; detail?: string }> };

/** The app shell until the staff app arrives: says so and shows the API's health. */
function App() {
  const [health, setHealth] = useState<Health | 'loading' | 'unreachable'>('loading');
  useEffect(() => {
    let cancelled = false;
    fetch('/api/health', { headers: { accept: 'application/json' } })
      .then((res) => res.json() as Promise<Health>)
      .then(
        (body) => !cancelled && setHealth(body),
        () => !cancelled && setHealth('unreachable'),
      );
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main
      style={{
        font: '16px system-ui, sans-serif',
        maxWidth: '40rem',
        margin: '3rem auto',
        padding: '0 1rem',
      }}
    >
      <h1>Roundwise</h1>
      <p>The app is coming soon.</p>
      <h2 style={{ fontSize: '1.1rem' }}>API health</h2>
      {health === 'loading' && <p>Checking…</p>}
      {health === 'unreachable' && <p role="alert">The API cannot be reached.</p>}
      {typeof health === 'object' && (
        <>
          <p data-testid="health-status">{health.ok ? 'All systems ok' : 'Something is wrong'}</p>
          <ul>
            {Object.entries(health.components).map(([name, component]) => (
              <li key={name}>
                {component.ok ? '✓' : '✗'} {name}
                {component.detail ? ` (${component.detail})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
