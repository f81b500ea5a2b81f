// dynalite in a worker thread (see engine.ts): plain JS so the thread needs no TypeScript loader.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// dynalite with the TransactWriteItems it lacks (commands commit in one transaction).
const { dynaliteWithTransactions } = createRequire(import.meta.url)(
  '../../packages/db/src/dynalite-transactions.cjs',
);
const server = dynaliteWithTransactions({
  path: workerData.path,
  createTableMs: 0,
  deleteTableMs: 0,
  updateTableMs: 0,
});
server.once('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  // close() waits for the HTTP server, then closes LevelDB (releasing its LOCK file).
  server.close(() => parentPort.postMessage({ stopped: true }));
  server.closeAllConnections();
});
